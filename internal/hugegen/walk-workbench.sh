#!/bin/bash
# walk-workbench.sh BIN DIR: the workbench's peak resident memory (VmHWM)
# on each one-part set in DIR (go run ./internal/hugegen -out DIR
# one-part-...), after the exact picture (15 s) and a walk through every
# view, the inspector and its tokens, the diagnosis, a fix applied, a
# pinned baseline, a knob changed and a sweep, 5 s a key, in tmux at
# 160x45. One Markdown row per input: peak KB, peak / input size, and
# whether the process outlived its closed terminal.
set -u
BIN=$1 DIR=$2
KEYS="1+Enter T Escape 2 T 3 4 5 6+Enter Escape d+Enter Escape f+Enter Escape p c+Down+Right Escape w Escape" # + joins keys sent at once
for input in "--docs $DIR/one-part-source.jsonl" "--request $DIR/one-part-system.json" "--request $DIR/one-part-query.json" \
	"--request $DIR/one-part-tool-result.json" "--request $DIR/one-part-tool-description.json" \
	"--request $DIR/one-part-tool-result-anthropic.json" "--request $DIR/one-part-tool-description-anthropic.json"; do
	file=${input##* }
	[ -f "$file" ] || { echo "| $input | missing: make it with hugegen |"; continue; }
	s=walk$$
	tmux new -d -s $s -x 160 -y 45 "$BIN $input"
	sleep 15
	pid=$(tmux list-panes -t $s -F '#{pane_pid}')
	for k in $KEYS; do
		tmux send-keys -t $s ${k//+/ }
		sleep 5
	done
	hwm=$(awk '/VmHWM/ {print $2}' /proc/$pid/status)
	tmux kill-session -t $s
	sleep 3
	outlived=no
	kill -0 "$pid" 2>/dev/null && outlived=yes && kill -9 "$pid"
	python3 -c "import sys; print('| %s | %s KB | %.2fx | %s |' % ('$input', format($hwm, ','), $hwm * 1024 / $(stat -c %s "$file"), '$outlived'))"
done
