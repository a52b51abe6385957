#!/usr/bin/env python3
"""Writes ctxlab's sample evaluation set: a help-center corpus of the
fictional Larkspur Outdoor Co., queries, a BM25 run and judgments.

Run once from this folder: python3 generate.py. Only the texts below were
written by hand; the run is what a plain BM25 retriever returns for them,
so the set holds what real runs hold: stale copies that outrank the
current article, exported copies, snippets too short to keep and
templated product pages that look alike."""

import json
import math
import re
from collections import Counter

# Each topic: id, title, the current article, the stale 2024 copy's
# replacements (none when there is no stale copy), whether a help-desk
# export (same text, other case and spacing) exists, a FAQ snippet, and
# its queries: (query id, text, extra relevant doc ids).
TOPICS = [
    ("returns-window", "Return window",
     "Unworn items in their original packaging can be returned within 60 days of delivery. Worn footwear and opened fuel canisters cannot be returned. Start a return from the order page; we email a prepaid label for addresses in the contiguous United States and deduct 7 dollars from the refund for the label.",
     {"60 days": "30 days", "7 dollars": "5 dollars", "Worn footwear": "Worn boots and shoes"}, True, "Answer: 60 days.",
     [("q01", "how many days do I have to return unworn boots", ["kb-refund-timing"]),
      ("q26", "is there a fee for the return label", [])]),
    ("refund-timing", "When refunds arrive",
     "Refunds go back to the original payment method within 5 business days after the returned item is inspected at our Reno warehouse. Inspection usually takes 2 business days from delivery of the return. Gift card purchases are refunded as a new gift card. Your bank may take a few more days to post the credit.",
     {"5 business days": "10 business days", "2 business days": "4 business days"}, False, None,
     [("q02", "refund still not showing on my credit card after return was delivered", [])]),
    ("damaged-in-transit", "Items damaged in transit",
     "If an item arrives damaged, report it within 14 days of delivery from the order page with photos of the item, the box and the shipping label. We ship a replacement at no cost as soon as the claim is approved, usually within one business day, and you do not need to send the damaged item back unless we ask.",
     {"14 days": "10 days", "within one business day": "within three business days"}, True, None,
     [("q03", "tent arrived with a broken pole what do I do", ["kb-missing-parts"]),
      ("q27", "do I have to send back the damaged item", [])]),
    ("shipping-times", "Shipping times",
     "Standard shipping takes 3 to 7 business days and expedited shipping 2 business days within the contiguous United States. Orders placed before noon Pacific time on a business day leave our warehouse the same day. Alaska, Hawaii and US territories add 3 to 5 business days to either option.",
     {"3 to 7 business days": "5 to 9 business days", "before noon": "before 10 am"}, True, None,
     [("q04", "how long does standard shipping take", []),
      ("q28", "what is the order cutoff time for same day dispatch", [])]),
    ("free-shipping", "Free shipping",
     "Orders of 75 dollars or more ship free with standard shipping to addresses in the contiguous United States. The threshold is counted after discounts and before tax. Oversized items such as canoes and roof boxes carry a freight surcharge that free shipping does not cover.",
     {"75 dollars": "50 dollars"}, False, "Free over 75.",
     [("q05", "minimum order for free shipping", [])]),
    ("international", "International shipping",
     "We ship to Canada, the United Kingdom and the European Union. Duties and taxes for Canada and the United Kingdom are charged at checkout, so nothing is due on delivery. For the European Union the carrier collects import VAT on delivery. Fuel canisters and knives cannot be shipped outside the United States.",
     None, False, None,
     [("q06", "do I pay customs duties on an order shipped to the UK", [])]),
    ("po-boxes", "PO boxes and military addresses",
     "We deliver to PO boxes and to APO, FPO and DPO addresses with standard shipping only. Expedited shipping and freight items need a street address. Delivery to military addresses can take up to 21 days.",
     None, False, None,
     [("q07", "can you ship to an APO address", [])]),
    ("cancel-order", "Cancelling an order",
     "You can cancel an order from the order page within one hour of placing it. After an hour the order is already being picked at the warehouse and cannot be cancelled; refuse the delivery or return it once it arrives and we refund it as a normal return.",
     {"within one hour": "within 30 minutes", "After an hour": "After 30 minutes"}, False, None,
     [("q08", "how do I cancel an order I just placed", [])]),
    ("change-address", "Changing the shipping address",
     "The shipping address can be changed from the order page until the order leaves the warehouse. Once it has shipped, contact the carrier with the tracking number to redirect it; carriers may charge for a redirect and we cannot refund that fee.",
     None, False, None,
     [("q09", "I entered the wrong shipping address", [])]),
    ("warranty", "Larkspur lifetime warranty",
     "Larkspur-brand gear is covered for its lifetime against defects in materials and workmanship. The warranty does not cover normal wear, accidents or damage from improper care. Gear from other brands carries its maker's warranty, and we help you file the claim.",
     {"for its lifetime": "for five years"}, True, None,
     [("q10", "does the warranty cover a seam that split after three years", ["kb-repair-service"])]),
    ("tent-care", "Caring for your tent",
     "Always dry your tent completely before storing it loosely in a breathable bag; packing it wet causes mildew that the warranty does not cover. Clean it by hand with cold water and a non-detergent soap. Never machine wash or tumble dry a tent, and keep it out of long sun exposure, which weakens the fabric.",
     None, True, None,
     [("q11", "can I put my tent in the washing machine", [])]),
    ("down-washing", "Washing down jackets and sleeping bags",
     "Wash down jackets and sleeping bags in a front-loading machine on a gentle cycle with a down-specific wash. Tumble dry on low heat with two or three clean dryer balls until no clumps remain, which can take three hours. Top-loading machines with an agitator can tear baffles.",
     None, False, None,
     [("q12", "how to wash a down sleeping bag", [])]),
    ("gift-cards", "Gift cards",
     "Larkspur gift cards never expire and carry no fees. Check a balance on the gift card page with the card number and PIN. Gift cards cannot be exchanged for cash except where the law requires it, and a lost card can be replaced only with the original receipt.",
     {"never expire and carry no fees": "expire after two years"}, False, "Cards never expire.",
     [("q13", "do gift cards expire", [])]),
    ("price-match", "Price match",
     "We match a lower price from an authorized retailer for an identical item in stock, within 14 days of your purchase. Marketplace sellers, clearance, auctions and membership prices are excluded. Contact support with a link to the lower price to request a match.",
     {"an authorized retailer": "a major retailer", "14 days": "30 days"}, False, None,
     [("q14", "will you match a lower price I found after buying", [])]),
    ("rewards", "Trailhead Rewards",
     "Trailhead Rewards members earn 1 point per dollar spent. Every 100 points become a 5 dollar reward, issued on the first of the month. Points expire after 18 months without a purchase. Members also get free expedited shipping on orders over 150 dollars.",
     {"Points expire after 18 months": "Rewards points expire after 12 months"}, True, None,
     [("q15", "when do rewards points expire", []),
      ("q29", "how much is a reward worth in points", [])]),
    ("password-reset", "Resetting your password",
     "Choose Forgot password on the sign-in page and enter your email address. The reset link we send is valid for 30 minutes and works once. If the email does not arrive within ten minutes, check your spam folder or ask support to resend it.",
     {"is valid for 30 minutes": "expires after one hour"}, True, None,
     [("q16", "how soon does the password reset link expire", [])]),
    ("rentals", "Gear rental",
     "Tents, backpacks, sleeping bags and stoves can be rented from our Reno, Boise and Bend stores with a three-day minimum. Rentals are cleaned and inspected after every trip. Reserve online up to 60 days ahead; a deposit of 100 dollars per item is refunded when the gear comes back undamaged.",
     None, False, None,
     [("q17", "can I rent a tent for a weekend", [])]),
    ("repair-service", "Repair service",
     "Our repair shop replaces zippers for a flat 25 dollars, patches tears and reseals seams. Send the item with the repair form from your account; turnaround is about three weeks. Repairs covered by the warranty are free, including return shipping.",
     {"25 dollars": "20 dollars", "three weeks": "four weeks"}, False, None,
     [("q18", "how much does a zipper repair cost", [])]),
    ("temperature-ratings", "Sleeping bag temperature ratings",
     "Our sleeping bags are rated to ISO 23537. The comfort rating is the lowest temperature at which a typical cold sleeper stays comfortable; the limit rating is where a typical warm sleeper can sleep curled up for eight hours. Choose a bag by its comfort rating, not its limit.",
     None, False, None,
     [("q19", "difference between comfort and limit temperature rating", [])]),
    ("fuel-shipping", "Shipping stove fuel",
     "Fuel canisters ship by ground only, to the contiguous United States, because carriers do not accept them on aircraft. An order with fuel ships in two parts, and the fuel part cannot be expedited. We cannot ship fuel to Alaska, Hawaii, PO boxes or military addresses.",
     None, False, None,
     [("q20", "can isobutane canisters be shipped to hawaii", [])]),
    ("discounts", "Student and military discounts",
     "Students, active military and veterans get 15 percent off full-price items once verified through our verification partner. The discount does not combine with other promotions and excludes gift cards and rentals.",
     {"15 percent": "10 percent"}, False, None,
     [("q21", "is there a military discount", [])]),
    ("payment-methods", "Payment methods",
     "We accept Visa, Mastercard, American Express, Discover, PayPal and Larkspur gift cards. Afterpay splits orders between 50 and 1,000 dollars into four interest-free payments. Orders are charged when they ship, not when they are placed.",
     None, False, None,
     [("q22", "can I pay in installments", [])]),
    ("missing-parts", "Missing parts",
     "If a part is missing from a new item, claim it within 30 days of delivery from the order page. Replacement parts ship free with expedited shipping. Stakes, guylines and stuff sacks are also sold separately if you need spares.",
     None, False, None,
     [("q23", "my new tent came without stakes", [])]),
    ("size-exchange", "Exchanging for another size",
     "Exchanges for a different size of the same item ship free both ways. Start the exchange from the order page; we ship the new size as soon as the carrier scans your return, so you are never without gear for long.",
     None, False, None,
     [("q24", "exchange hiking boots for a bigger size", ["kb-trail-shoe-sizing"])]),
    ("trail-shoe-sizing", "Trail shoe sizing",
     "Larkspur trail shoes and hiking boots run about a half size small. Measure your foot in the afternoon and order a half size up from your street shoe size, or a full size up for thick winter socks.",
     None, False, None,
     [("q25", "do your hiking boots run small", [])]),
]

# Help-center snippets that match queries on words without answering them.
DISTRACTORS = [
    ("blog-weekend-packing", "Packing for a weekend trip", "A weekend trip needs less than you think: a tent, a sleeping bag rated for the season, a stove, two liters of water capacity and a layer you can wear in the rain. Weigh your pack before you leave."),
    ("blog-first-backpacking", "Your first backpacking trip", "Choose a trail under ten miles for your first overnight, check the forecast and fire rules, and practise pitching your tent at home. Tell someone your route and when you will be back."),
    ("store-events-reno", "Reno store events", "The Reno store hosts free clinics every Saturday morning: stove maintenance, tent repair basics and map reading. Sign up at the register or online."),
    ("store-hours", "Store hours", "Our Reno, Boise and Bend stores are open 9 am to 8 pm Monday to Saturday and 10 am to 6 pm on Sunday. Holiday hours are posted two weeks ahead."),
    ("careers", "Working at Larkspur", "We hire seasonal staff for our stores and warehouse every spring. Employees get 40 percent off gear and two paid outdoor days a year."),
    ("press-2026", "Larkspur opens a Boise warehouse", "In March 2026 Larkspur opened a second warehouse in Boise to shorten delivery times in the Mountain West. The Reno warehouse keeps handling returns and repairs."),
    ("sustainability", "Our materials", "Most Larkspur fabrics use recycled nylon and polyester, and all down is certified to the Responsible Down Standard. We publish the share of recycled material on each product page."),
    ("newsletter", "Newsletter", "Sign up for our newsletter for trail guides, early access to sales and a 10 dollar reward on your first order over 75 dollars. Unsubscribe from any email."),
    ("order-tracking", "Tracking an order", "The tracking link arrives by email when your order ships, and the order page shows each parcel of a split shipment. Tracking can take a day to update after the label is printed."),
    ("account-delete", "Deleting your account", "You can delete your account from the privacy settings. Order history is kept for seven years for tax records; rewards points are lost when the account is deleted."),
    ("accessibility", "Accessibility", "Our website follows WCAG 2.2 AA. If anything on the site is hard to use with your assistive technology, tell support and we will help you order by phone."),
    ("privacy-email", "Email preferences", "Choose which emails you receive from the communication settings of your account. Order and shipping emails cannot be turned off."),
    ("bear-canisters", "Bear canisters", "Bear canisters are required in parts of the Sierra Nevada. We sell and rent approved models; rented canisters must be returned clean."),
    ("water-filters", "Water filter care", "Backflush hollow-fiber filters after every trip and never let them freeze once wet, since ice cracks the fibers and the filter no longer protects you."),
    ("stove-troubleshooting", "Stove will not light", "If a canister stove will not light, check that the canister is threaded straight, warm the canister in your jacket in cold weather, and clean the jet with the pricker tool."),
    ("headlamp-batteries", "Headlamp batteries", "Rechargeable headlamps charge by USB-C in about four hours. Store them at half charge over winter and charge fully before a trip."),
    ("kids-gear", "Kids' gear", "Kids' jackets and boots come with a grow-with-me exchange: bring them back within a year for the next size at half price."),
    ("trail-running", "Trail running vests", "Size a running vest by chest measurement; it should feel snug when the bottles are full and not bounce on descents."),
    ("winter-camping", "Winter camping checklist", "For winter camping, bring a four-season tent, a sleeping bag with a comfort rating below the expected low, two sleeping pads and a liquid-fuel stove for melting snow."),
    ("climbing-ropes", "Climbing rope retirement", "Retire a climbing rope after a severe fall, visible core damage or ten years from manufacture, even if it was never used."),
]

# Catalog pages, written from one template as product catalogs are.
PRODUCTS = [
    ("ridgeline-2", "Ridgeline 2 tent", "two-person backpacking tent", "2.1 kg", 429, "two doors and two vestibules"),
    ("ridgeline-3", "Ridgeline 3 tent", "three-person backpacking tent", "2.6 kg", 499, "two doors and a gear loft"),
    ("basecamp-6", "Basecamp 6 tent", "six-person family camping tent", "9.4 kg", 649, "a room divider and a large porch"),
    ("summit-4s", "Summit 4S tent", "four-season mountaineering tent", "3.3 kg", 799, "snow flaps and a vestibule for cooking"),
    ("cirrus-ul1", "Cirrus UL1 tent", "one-person ultralight tent", "0.9 kg", 389, "a trekking-pole pitch"),
    ("emberline-20", "Emberline 20 sleeping bag", "down sleeping bag", "1.1 kg", 379, "a comfort rating of minus 1 degree"),
    ("emberline-0", "Emberline 0 sleeping bag", "down sleeping bag", "1.5 kg", 459, "a comfort rating of minus 12 degrees"),
    ("driftwood-40", "Driftwood 40 sleeping bag", "synthetic sleeping bag", "1.4 kg", 149, "a comfort rating of 7 degrees"),
    ("loft-pad", "Loft insulated pad", "insulated sleeping pad", "0.5 kg", 179, "an R-value of 4.2"),
    ("loft-pad-wide", "Loft insulated pad wide", "wide insulated sleeping pad", "0.7 kg", 209, "an R-value of 4.2 and a 64 cm width"),
    ("foam-pad", "Cedar foam pad", "closed-cell foam pad", "0.4 kg", 49, "an R-value of 2"),
    ("talus-55", "Talus 55 backpack", "55-liter backpacking pack", "1.6 kg", 259, "an adjustable torso length"),
    ("talus-65", "Talus 65 backpack", "65-liter backpacking pack", "1.8 kg", 289, "a removable lid that becomes a daypack"),
    ("switchback-28", "Switchback 28 daypack", "28-liter daypack", "0.9 kg", 119, "a hydration sleeve"),
    ("glacier-down", "Glacier down jacket", "800-fill down jacket", "0.4 kg", 299, "a water-resistant shell"),
    ("glacier-hoody", "Glacier down hoody", "800-fill down hoody", "0.45 kg", 329, "an insulated hood"),
    ("stormfront-shell", "Stormfront rain shell", "waterproof rain jacket", "0.35 kg", 249, "pit zips and a helmet-compatible hood"),
    ("stormfront-pants", "Stormfront rain pants", "waterproof rain pants", "0.3 kg", 179, "full-length side zips"),
    ("granite-mid", "Granite Mid boot", "waterproof hiking boot", "1.2 kg a pair", 219, "a lugged rubber outsole"),
    ("granite-low", "Granite Low shoe", "waterproof hiking shoe", "0.9 kg a pair", 169, "a lugged rubber outsole"),
    ("scree-runner", "Scree trail runner", "trail running shoe", "0.6 kg a pair", 149, "a rock plate"),
    ("kettle-stove", "Kettle canister stove", "canister stove", "0.1 kg", 69, "a piezo igniter"),
    ("kettle-pot", "Kettle 1L pot", "titanium cook pot", "0.15 kg", 59, "a strainer lid"),
    ("brightline-hl", "Brightline headlamp", "rechargeable headlamp", "0.08 kg", 49, "a red night mode"),
    ("clearwater-filter", "Clearwater squeeze filter", "hollow-fiber water filter", "0.09 kg", 45, "a 2-liter pouch"),
    ("trekking-poles", "Ridge carbon poles", "carbon trekking poles", "0.45 kg a pair", 159, "cork grips"),
    ("camp-chair", "Outpost camp chair", "folding camp chair", "1.0 kg", 99, "a side pocket"),
    ("cooler-45", "Icebox 45 cooler", "45-liter hard cooler", "10.5 kg", 279, "five days of ice retention"),
    ("hammock", "Drift hammock", "camping hammock", "0.5 kg", 89, "an integrated bug net"),
    ("roof-box", "Atlas roof box", "roof cargo box", "16 kg", 699, "a freight surcharge"),
]
PRODUCT_SPECS = "Specifications of the {name}: {kind}, {weight}, list price {price} dollars, {feature}. Ships from Reno or Boise within one business day. Questions about fit or use go to our gear specialists by chat."
PRODUCT_QA = "Customers ask about the {name}: is it worth {price} dollars for a {kind}? Owners mention {feature} most often, and the weight of {weight} is close to what the catalog states. Answers come from our gear specialists."
PRODUCT_TEMPLATE = "The {name} is a {kind} that weighs {weight} and costs {price} dollars. It comes with {feature}. Like all Larkspur-brand gear it is covered by our lifetime warranty against defects, and it can be returned unused within the return window."


def words(text):
    return re.findall(r"[a-z0-9]+", text.lower())


def corpus_docs():
    docs = []
    for slug, title, text, stale, export, snippet, _ in TOPICS:
        docs.append(("kb-" + slug, title, text))
        if stale:
            old = text
            for a, b in stale.items():
                old = old.replace(a, b)
            docs.append(("archive-2024-" + slug, title, old))
        if export:
            # The help-desk export: the same article in capitals with
            # doubled spaces, an exact duplicate once normalized.
            docs.append(("helpdesk-export-" + slug, title.upper(), text.replace(". ", ".  ")))
        if snippet:
            docs.append(("faq-" + slug, "", snippet))
    for slug, title, text in DISTRACTORS:
        docs.append((slug, title, text))
    for slug, name, kind, weight, price, feature in PRODUCTS:
        fields = dict(name=name, kind=kind, weight=weight, price=price, feature=feature)
        docs.append(("product-" + slug, name, PRODUCT_TEMPLATE.format(**fields)))
        docs.append(("specs-" + slug, name + " specifications", PRODUCT_SPECS.format(**fields)))
        docs.append(("qa-" + slug, name + " questions", PRODUCT_QA.format(**fields)))
    for slug, name, kind, weight, price, feature in PRODUCTS[::3]:
        # Last year's catalog page, at last year's price.
        fields = dict(name=name, kind=kind, weight=weight, price=price - 20, feature=feature)
        docs.append(("archive-2025-product-" + slug, name, PRODUCT_TEMPLATE.format(**fields)))
    return docs


def bm25(docs, k1=0.9, b=0.4):
    tokenized = [words(title + " " + text) for _, title, text in docs]
    avg = sum(len(t) for t in tokenized) / len(tokenized)
    df = Counter(w for t in tokenized for w in set(t))
    n = len(docs)

    def score(query):
        out = []
        for i, terms in enumerate(tokenized):
            tf = Counter(terms)
            s = 0.0
            for w in words(query):
                if w not in tf:
                    continue
                idf = math.log(1 + (n - df[w] + 0.5) / (df[w] + 0.5))
                s += idf * tf[w] * (k1 + 1) / (tf[w] + k1 * (1 - b + b * len(terms) / avg))
            out.append(s)
        return out
    return score


def main():
    docs = corpus_docs()
    with open("corpus.jsonl", "w") as f:
        for doc_id, title, text in docs:
            f.write(json.dumps({"_id": doc_id, "title": title, "text": text}) + "\n")
    queries = [(qid, q, slug, extra) for slug, _, _, _, _, _, qs in TOPICS for qid, q, extra in qs]
    queries.sort()
    with open("queries.jsonl", "w") as f:
        for qid, q, _, _ in queries:
            f.write(json.dumps({"_id": qid, "text": q}) + "\n")
    score = bm25(docs)
    ids = [d[0] for d in docs]
    with open("run.trec", "w") as f:
        for qid, q, _, _ in queries:
            scores = score(q)
            ranked = sorted(range(len(docs)), key=lambda i: (-scores[i], i))[:20]
            for rank, i in enumerate(ranked, 1):
                f.write(f"{qid} Q0 {ids[i]} {rank} {scores[i]:.4f} bm25\n")
    with open("qrels.tsv", "w") as f:
        f.write("query-id\tcorpus-id\tscore\n")
        for qid, _, slug, extra in queries:
            f.write(f"{qid}\tkb-{slug}\t2\n")
            for e in extra:
                f.write(f"{qid}\t{e}\t1\n")
            if "faq-" + slug in ids:
                f.write(f"{qid}\tfaq-{slug}\t1\n")
            if "archive-2024-" + slug in ids:
                # Judged, and not relevant: its facts are out of date.
                f.write(f"{qid}\tarchive-2024-{slug}\t0\n")


if __name__ == "__main__":
    main()
