(function () {
  function key(td) {
    var v = td.getAttribute("data-v");
    if (v === null) v = td.textContent.replace(/[#,%\s]/g, "");
    var n = parseFloat(v);
    return isNaN(n) ? td.textContent.toLowerCase() : n;
  }
  document.querySelectorAll("table.sortable thead th").forEach(function (th) {
    th.tabIndex = 0;
    th.title = th.title ? th.title + " (click to sort by this column)" : "sort by this column";
    function sort() {
      var table = th.closest("table"), body = table.tBodies[0];
      var col = Array.prototype.indexOf.call(th.parentNode.children, th);
      var down = th.getAttribute("aria-sort") !== "descending";
      th.parentNode.querySelectorAll("th").forEach(function (h) { h.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", down ? "descending" : "ascending");
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = key(a.cells[col]), y = key(b.cells[col]);
        var c = x < y ? -1 : x > y ? 1 : 0;
        return down ? -c : c;
      });
      rows.forEach(function (r) { body.appendChild(r); });
    }
    th.addEventListener("click", sort);
    th.addEventListener("keydown", function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sort(); } });
  });
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details").forEach(function (d) { d.open = true; });
  });
})();
