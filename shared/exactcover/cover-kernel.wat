;; BitCover's fast path (bitcover.ts): the search on a board of at most 128 cells in two i64
;; words, with at most 32 single pieces as bits of `used`. Compiled by scripts/wasm-kernels.ts
;; into cover-kernel.ts; the tables are laid out by BitCoverPlan (see KernelLayout there):
;;   option r at $opt + 24r: cells (i64 × 2), single-piece bit (i32), extra (i32: -1 none, -2
;;     cells 64 or more past its first, else a multiplicity counter; such options are tested in full);
;;   cell f at $cell + 32f: cells stranded at f (i64 × 2), single pieces stranded at f (i32), the
;;     options starting at f [start, end) (i32 × 2), the address of f's fit tables (i32);
;;   fit tables: per block of 64 options at f, $windowChunks rows for the board's window from f
;;     (4 cells a row) then $pieceChunks rows for the used single pieces (4 a row); a row is 16
;;     i64 entries, entry v the block's options that the 4 cells (pieces) set in v rule out;
;;   counters: what is left of each ($left), the last cell where one of its options starts
;;     ($slotLast); multiplicity counters by that cell ($order, $orderLen of them);
;;   the path: the option chosen at each level ($path); the board the run starts from at 0.
;; The search, its replay of a stopped path and its budget are those of the JavaScript general
;; path (`search` and `visit` in bitcover.ts).
(module
  (memory (export "memory") 1)
  (global $opt (mut i32) (i32.const 0))
  (global $cell (mut i32) (i32.const 0))
  (global $left (mut i32) (i32.const 0))
  (global $slotLast (mut i32) (i32.const 0))
  (global $order (mut i32) (i32.const 0))
  (global $orderLen (mut i32) (i32.const 0))
  (global $path (mut i32) (i32.const 0))
  (global $allTokens (mut i32) (i32.const 0))
  (global $windowChunks (mut i32) (i32.const 1))
  (global $pieceChunks (mut i32) (i32.const 0))
  (global $blockBytes (mut i32) (i32.const 0))
  (global $replayDepth (mut i32) (i32.const -1))
  (global $depth (mut i32) (i32.const -1))
  (global $stoppedAtCover (mut i32) (i32.const 0))
  (global $stopping (mut i32) (i32.const 0))
  (global $limit (mut i64) (i64.const 0))
  (global $placed (mut i64) (i64.const 0))
  (global $tried (mut i64) (i64.const 0))
  (global $found (mut i64) (i64.const 0))

  (func (export "layout") (param $opt i32) (param $cell i32) (param $left i32)
    (param $slotLast i32) (param $order i32) (param $orderLen i32) (param $path i32)
    (param $allTokens i32) (param $windowChunks i32) (param $pieceChunks i32)
    (global.set $windowChunks (local.get $windowChunks))
    (global.set $pieceChunks (local.get $pieceChunks))
    (global.set $blockBytes (i32.shl (i32.add (local.get $windowChunks) (local.get $pieceChunks)) (i32.const 7)))
    (global.set $opt (local.get $opt))
    (global.set $cell (local.get $cell))
    (global.set $left (local.get $left))
    (global.set $slotLast (local.get $slotLast))
    (global.set $order (local.get $order))
    (global.set $orderLen (local.get $orderLen))
    (global.set $path (local.get $path))
    (global.set $allTokens (local.get $allTokens)))

  ;; Searches from the node at `level` (board at address 0, single pieces `used`) until the end,
  ;; a cover, or the first node entered once `limit` placements are made; `replayDepth` >= 0
  ;; first walks the stopped path down to that depth (`stoppedAtCover`: whether it stopped at a
  ;; cover). The statistics go on from `placed`, `tried` and `found`: an instance serves one
  ;; search after another.
  (func (export "run") (param $level i32) (param $used i32) (param $limit f64)
    (param $replayDepth i32) (param $stoppedAtCover i32) (param $placed f64) (param $tried f64)
    (param $found f64)
    (global.set $limit (i64.trunc_sat_f64_s (local.get $limit)))
    (global.set $replayDepth (local.get $replayDepth))
    (global.set $stoppedAtCover (local.get $stoppedAtCover))
    (global.set $placed (i64.trunc_sat_f64_s (local.get $placed)))
    (global.set $tried (i64.trunc_sat_f64_s (local.get $tried)))
    (global.set $found (i64.trunc_sat_f64_s (local.get $found)))
    (global.set $stopping (i32.const 0))
    (call $search (local.get $level) (i64.load (i32.const 0)) (i64.load (i32.const 8))
      (local.get $used) (i32.const 0)))

  (func (export "stopping") (result i32) (global.get $stopping))
  (func (export "depth") (result i32) (global.get $depth))
  (func (export "stoppedAtCover") (result i32) (global.get $stoppedAtCover))
  (func (export "placed") (result f64) (f64.convert_i64_s (global.get $placed)))
  (func (export "tried") (result f64) (f64.convert_i64_s (global.get $tried)))
  (func (export "found") (result f64) (f64.convert_i64_s (global.get $found)))

  (func $stop (param $level i32) (param $atCover i32)
    (global.set $depth (local.get $level))
    (global.set $stoppedAtCover (local.get $atCover))
    (global.set $stopping (i32.const 1)))

  ;; Multiplicity counter `open` in $order, in the table at `base`.
  (func $ordered (param $base i32) (param $open i32) (result i32)
    (i32.add (local.get $base) (i32.shl (i32.load (i32.add (global.get $order) (i32.shl (local.get $open) (i32.const 2)))) (i32.const 2))))

  ;; Option at `a` whose window fits: its counter has a copy left and all its cells are free.
  (func $fitsBeyond (param $a i32) (param $m i32) (param $b0 i64) (param $b1 i64) (result i32)
    (if (i32.ge_s (local.get $m) (i32.const 0))
      (then
        (if (i32.eqz (i32.load (i32.add (global.get $left) (i32.shl (local.get $m) (i32.const 2)))))
          (then (return (i32.const 0))))))
    (i64.eqz
      (i64.or
        (i64.and (i64.load (local.get $a)) (local.get $b0))
        (i64.and (i64.load offset=8 (local.get $a)) (local.get $b1)))))

  (func $search (param $level i32) (param $b0 i64) (param $b1 i64) (param $used i32)
    (param $open i32)
    (local $f i32) (local $win i64) (local $t i64) (local $c i32) (local $dead i32)
    (local $r i32) (local $e i32) (local $replay i32) (local $x i64) (local $k i32)
    (local $a i32) (local $m i32) (local $s i32) (local $base i32) (local $fit i32) (local $cand i64)
    ;; Multiplicity counters used up move `open` on.
    (block $counted
      (loop $advance
        (br_if $counted (i32.ge_u (local.get $open) (global.get $orderLen)))
        (br_if $counted (i32.load (call $ordered (global.get $left) (local.get $open))))
        (local.set $open (i32.add (local.get $open) (i32.const 1)))
        (br $advance)))
    ;; The first free cell f and the board's 64 cells from f on (bit 0: f).
    (if (i64.ne (local.get $b0) (i64.const -1))
      (then
        (local.set $t (i64.ctz (i64.xor (local.get $b0) (i64.const -1))))
        (local.set $f (i32.wrap_i64 (local.get $t)))
        (local.set $win
          (i64.or
            (i64.shr_u (local.get $b0) (local.get $t))
            (i64.shl (i64.shl (local.get $b1) (i64.sub (i64.const 63) (local.get $t)))
              (i64.const 1)))))
      (else
        (if (i64.ne (local.get $b1) (i64.const -1))
          (then
            (local.set $t (i64.ctz (i64.xor (local.get $b1) (i64.const -1))))
            (local.set $f (i32.add (i32.const 64) (i32.wrap_i64 (local.get $t))))
            (local.set $win (i64.shr_u (local.get $b1) (local.get $t))))
          (else
            ;; A full board: a cover if every piece is used (unless it is the one reported last).
            (if (i32.eq (local.get $level) (global.get $replayDepth))
              (then (global.set $replayDepth (i32.const -1)))
              (else
                (if (i32.eq (local.get $used) (global.get $allTokens))
                  (then
                    (if (i32.ge_u (local.get $open) (global.get $orderLen))
                      (then
                        (global.set $found (i64.add (global.get $found) (i64.const 1)))
                        (call $stop (local.get $level) (i32.const 1))))))))
            (return)))))
    ;; Dead: a free cell, a single piece or a multiplicity counter no option can reach any more.
    (local.set $c (i32.add (global.get $cell) (i32.shl (local.get $f) (i32.const 5))))
    (local.set $dead
      (i32.or
        (i32.ne (i32.and (i32.load offset=16 (local.get $c)) (i32.xor (local.get $used) (i32.const -1)))
          (i32.const 0))
        (i64.ne
          (i64.or
            (i64.and (i64.load (local.get $c)) (i64.xor (local.get $b0) (i64.const -1)))
            (i64.and (i64.load offset=8 (local.get $c)) (i64.xor (local.get $b1) (i64.const -1))))
          (i64.const 0))))
    (if (i32.lt_u (local.get $open) (global.get $orderLen))
      (then
        (if (i32.lt_s (i32.load (call $ordered (global.get $slotLast) (local.get $open))) (local.get $f))
          (then (local.set $dead (i32.const 1))))))
    (local.set $s (i32.load offset=20 (local.get $c)))
    (local.set $r (local.get $s))
    (local.set $e (i32.load offset=24 (local.get $c)))
    (if (i32.le_s (local.get $level) (global.get $replayDepth))
      (then
        (if (i32.lt_s (local.get $level) (global.get $replayDepth))
          (then
            (local.set $r (i32.load (i32.add (global.get $path) (i32.shl (local.get $level) (i32.const 2)))))
            (local.set $replay (i32.const 1)))
          (else
            (global.set $replayDepth (i32.const -1))
            (if (i32.or (global.get $stoppedAtCover) (local.get $dead)) (then (return))))))
      (else
        (if (i64.ge_s (global.get $placed) (global.get $limit))
          (then
            (call $stop (local.get $level) (i32.const 0))
            (return)))
        (if (local.get $dead) (then (return)))))
    (if (i32.eqz (local.get $replay))
      (then
        (global.set $tried
          (i64.add (global.get $tried) (i64.extend_i32_s (i32.sub (local.get $e) (local.get $s)))))))
    ;; The block of 64 options holding r, and its fit tables.
    (local.set $base (i32.add (local.get $s) (i32.and (i32.sub (local.get $r) (local.get $s)) (i32.const -64))))
    (local.set $fit
      (i32.add (i32.load offset=28 (local.get $c))
        (i32.mul (i32.shr_u (i32.sub (local.get $r) (local.get $s)) (i32.const 6)) (global.get $blockBytes))))
    (block $exit
      (loop $block
        (br_if $exit (i32.ge_s (local.get $base) (local.get $e)))
        ;; The block's options that conflict with the board's window or a used single piece: one
        ;; table row per 4 window bits and per 4 pieces, each entry the options it rules out.
        (local.set $x (i64.const 0))
        (local.set $t (local.get $win))
        (local.set $a (local.get $fit))
        (local.set $k (global.get $windowChunks))
        (loop $window
          (local.set $x
            (i64.or (local.get $x)
              (i64.load (i32.add (local.get $a) (i32.shl (i32.and (i32.wrap_i64 (local.get $t)) (i32.const 15)) (i32.const 3))))))
          (local.set $t (i64.shr_u (local.get $t) (i64.const 4)))
          (local.set $a (i32.add (local.get $a) (i32.const 128)))
          (br_if $window (local.tee $k (i32.sub (local.get $k) (i32.const 1)))))
        (local.set $m (local.get $used))
        (local.set $k (global.get $pieceChunks))
        (block $pieces
          (loop $piece
            (br_if $pieces (i32.eqz (local.get $k)))
            (local.set $x
              (i64.or (local.get $x)
                (i64.load (i32.add (local.get $a) (i32.shl (i32.and (local.get $m) (i32.const 15)) (i32.const 3))))))
            (local.set $m (i32.shr_u (local.get $m) (i32.const 4)))
            (local.set $a (i32.add (local.get $a) (i32.const 128)))
            (local.set $k (i32.sub (local.get $k) (i32.const 1)))
            (br $piece)))
        (local.set $cand (i64.xor (local.get $x) (i64.const -1)))
        (if (i32.lt_s (i32.sub (local.get $e) (local.get $base)) (i32.const 64))
          (then
            (local.set $cand
              (i64.and (local.get $cand)
                (i64.sub
                  (i64.shl (i64.const 1) (i64.extend_i32_u (i32.sub (local.get $e) (local.get $base))))
                  (i64.const 1))))))
        ;; Resuming: the path's option comes first, then those after it.
        (if (local.get $replay)
          (then
            (local.set $cand
              (i64.and (local.get $cand)
                (i64.shl (i64.const -2) (i64.extend_i32_u (i32.sub (local.get $r) (local.get $base))))))))
        (loop $next
          (block $place
            (br_if $place (local.get $replay))
            (loop $scan
              ;; The block's candidates are all tried: the next block.
              (if (i64.eqz (local.get $cand))
                (then
                  (local.set $base (i32.add (local.get $base) (i32.const 64)))
                  (local.set $fit (i32.add (local.get $fit) (global.get $blockBytes)))
                  (br $block)))
              (local.set $r (i32.add (local.get $base) (i32.wrap_i64 (i64.ctz (local.get $cand)))))
              (local.set $cand (i64.and (local.get $cand) (i64.sub (local.get $cand) (i64.const 1))))
              (local.set $a (i32.add (global.get $opt) (i32.mul (local.get $r) (i32.const 24))))
              (local.set $m (i32.load offset=20 (local.get $a)))
              ;; A counter's option or one beyond the window is tested in full.
              (if (i32.ne (local.get $m) (i32.const -1))
                (then
                  (br_if $scan
                    (i32.eqz (call $fitsBeyond (local.get $a) (local.get $m) (local.get $b0) (local.get $b1))))))
              (global.set $placed (i64.add (global.get $placed) (i64.const 1)))))
          (local.set $replay (i32.const 0))
          (local.set $a (i32.add (global.get $opt) (i32.mul (local.get $r) (i32.const 24))))
          (local.set $m (i32.load offset=20 (local.get $a)))
          (if (i32.ge_s (local.get $m) (i32.const 0))
            (then
              (i32.store (i32.add (global.get $left) (i32.shl (local.get $m) (i32.const 2)))
                (i32.sub (i32.load (i32.add (global.get $left) (i32.shl (local.get $m) (i32.const 2)))) (i32.const 1)))))
          (i32.store (i32.add (global.get $path) (i32.shl (local.get $level) (i32.const 2))) (local.get $r))
          (call $search
            (i32.add (local.get $level) (i32.const 1))
            (i64.or (local.get $b0) (i64.load (local.get $a)))
            (i64.or (local.get $b1) (i64.load offset=8 (local.get $a)))
            (i32.or (local.get $used) (i32.load offset=16 (local.get $a)))
            (local.get $open))
          (if (i32.ge_s (local.get $m) (i32.const 0))
            (then
              (i32.store (i32.add (global.get $left) (i32.shl (local.get $m) (i32.const 2)))
                (i32.add (i32.load (i32.add (global.get $left) (i32.shl (local.get $m) (i32.const 2)))) (i32.const 1)))))
          (br_if $exit (global.get $stopping))
          (br $next))))))
