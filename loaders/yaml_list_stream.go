package loaders

// streamYAMLList reads a YAML input that is a top-level block sequence
// in blocks of whole items (yamlItemBlocks), into the list
// decodeYAMLItems makes of the whole input: the input is never held
// whole, and an item over 16 MiB is streamed to the parser as it is read
// (decodeLongYAMLValue). Held whole, a history of one 40 MB message was
// in memory three times at the peak: the file, yaml.v3's scalar grown by
// doubling and the string made of it. handled is false for anything
// decodeYAMLItems would decline; err is the input's own error (a read,
// the size limit, a byte that is not text), which reading the input
// whole would meet too.
func streamYAMLList(in docInput) (items []any, handled bool, err error) {
	r, _, err := in.open()
	if err != nil {
		return nil, false, err
	}
	defer r.Close()
	blocks := newYAMLItemBlocks(r, yamlRunSize)
	for {
		block, long, err := blocks.next()
		if err != nil {
			return nil, false, err
		}
		if long {
			item, ok, err := decodeLongYAMLValue(in.name, blocks.longItem())
			if !ok {
				return nil, false, err
			}
			items = append(items, item)
			continue
		}
		if block == nil {
			break
		}
		list, ok := decodeYAMLItems(in.name, block, yamlRunSize)
		blocks.recycle(block)
		if !ok {
			return nil, false, nil
		}
		items = append(items, list...)
	}
	if blocks.uncut || len(items) == 0 {
		return nil, false, nil
	}
	return items, true, nil
}
