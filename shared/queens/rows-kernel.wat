;; The queens count's inner search (searchRows in search.ts, which documents it), in WebAssembly:
;; the same loop over an explicit stack, the last two rows settled in place, the two rows after
;; the next one and the last row looked ahead.
;; Compiled by scripts/wasm-kernels.ts into rows-kernel.ts. Memory (i32 entries, one per row):
;; the allowed columns of each row at 0, then the stacks of free squares and right masks, and
;; the queen of each row (one-bit masks) at 640. A solution that a turn may bring into normal
;; form is handed to the host (`sized`, which reads the board); the others, of 8 boards, are
;; counted here. The task's constants are globals, read at the solutions only: as parameters
;; they left too few registers for the loop's own values, which V8 then kept on the stack.
(module
  (import "host" "sized" (func $sized))
  (memory (export "memory") 1)
  (global $nodes (mut i64) (i64.const 0))
  (global $c8 (mut i64) (i64.const 0))
  (global $ring (mut i32) (i32.const 0))
  (global $halfTurns (mut i32) (i32.const 0))
  (global $last (mut i32) (i32.const 0))
  (global $depth (mut i32) (i32.const 0))
  (global $endBit (mut i32) (i32.const 0))

  (func (export "nodes") (result f64) (f64.convert_i64_s (global.get $nodes)))

  ;; A task's board size and normal form, for the searches that follow.
  (func (export "setTask") (param $n i32) (param $ring i32) (param $halfTurns i32)
    (param $depth i32)
    (global.set $last (i32.sub (local.get $n) (i32.const 1)))
    (global.set $ring (local.get $ring))
    (global.set $halfTurns (local.get $halfTurns))
    (global.set $depth (local.get $depth))
    (global.set $endBit
      (i32.shl (i32.const 1) (i32.sub (global.get $last) (local.get $depth)))))

  ;; Searches from row y0 with its free squares `free`; returns the solutions of 8 boards and
  ;; adds the queens placed to $nodes. Going back up a row, its left and down masks are the row
  ;; below's undone (the row's queen is on neither), so only free and right are stacked. Rows are
  ;; kept as byte offsets ($p = 4 y, $end = 4 last): a register and a shift less per node.
  (func (export "searchRows") (param $y0 i32) (param $free i32) (param $left i32)
    (param $down i32) (param $right i32) (result f64)
    (local $p i32) (local $end i32) (local $bit i32) (local $l i32) (local $d i32) (local $r i32)
    (local $next i32) (local $f i32) (local $b i32) (local $e i32) (local $nodes i64)
    (local $gap i32)
    (local.set $end (i32.shl (global.get $last) (i32.const 2)))
    (global.set $c8 (i64.const 0))
    (local.set $y0 (i32.shl (local.get $y0) (i32.const 2)))
    (local.set $p (local.get $y0))
    (block $done
      (loop $step
        (if (i32.eqz (local.get $free))
          (then
            (br_if $done (i32.eq (local.get $p) (local.get $y0)))
            (local.set $p (i32.sub (local.get $p) (i32.const 4)))
            (local.set $free (i32.load offset=128 (local.get $p)))
            (local.set $right (i32.load offset=512 (local.get $p)))
            (local.set $bit (i32.load offset=640 (local.get $p)))
            (local.set $left (i32.xor (i32.shr_u (local.get $left) (i32.const 1)) (local.get $bit)))
            (local.set $down (i32.xor (local.get $down) (local.get $bit)))
            (br $step)))
        (local.set $bit (i32.and (local.get $free) (i32.sub (i32.const 0) (local.get $free))))
        (local.set $free (i32.xor (local.get $free) (local.get $bit)))
        (i32.store offset=640 (local.get $p) (local.get $bit))
        (local.set $nodes (i64.add (local.get $nodes) (i64.const 1)))
        (local.set $l (i32.shl (i32.or (local.get $left) (local.get $bit)) (i32.const 1)))
        (local.set $d (i32.or (local.get $down) (local.get $bit)))
        (local.set $r (i32.shr_s (i32.or (local.get $right) (local.get $bit)) (i32.const 1)))
        (local.set $next
          (i32.and (i32.load offset=4 (local.get $p))
            (i32.xor (i32.or (i32.or (local.get $l) (local.get $d)) (local.get $r)) (i32.const -1))))
        (br_if $step (i32.eqz (local.get $next)))
        (if (i32.ge_s (i32.add (local.get $p) (i32.const 8)) (local.get $end))
          (then
            (if (i32.eq (i32.add (local.get $p) (i32.const 4)) (local.get $end))
              (then
                ;; A solution (the last row has one column left).
                (local.set $nodes (i64.add (local.get $nodes) (i64.const 1)))
                (call $settle (local.get $next))
                (br $step)))
            ;; The last two rows: each queen of row last − 1 leaves one column.
            (local.set $f (local.get $next))
            (block $settled
              (loop $pair
                (br_if $settled (i32.eqz (local.get $f)))
                (local.set $b (i32.and (local.get $f) (i32.sub (i32.const 0) (local.get $f))))
                (local.set $f (i32.and (local.get $f) (i32.sub (local.get $f) (i32.const 1))))
                (local.set $nodes (i64.add (local.get $nodes) (i64.const 1)))
                (local.set $e
                  (i32.and (i32.load offset=8 (local.get $p))
                    (i32.xor
                      (i32.or
                        (i32.or
                          (i32.shl (i32.or (local.get $l) (local.get $b)) (i32.const 1))
                          (i32.or (local.get $d) (local.get $b)))
                        (i32.shr_s (i32.or (local.get $r) (local.get $b)) (i32.const 1)))
                      (i32.const -1))))
                (br_if $pair (i32.eqz (local.get $e)))
                (local.set $nodes (i64.add (local.get $nodes) (i64.const 1)))
                (i32.store offset=644 (local.get $p) (local.get $b))
                (call $settle (local.get $e))
                (br $pair)))
            (br $step)))
        ;; Look one row further: a row that the queens so far leave empty ends this branch.
        (br_if $step
          (i32.eqz
            (i32.and (i32.load offset=8 (local.get $p))
              (i32.xor
                (i32.or (i32.or (i32.shl (local.get $l) (i32.const 1)) (local.get $d))
                  (i32.shr_s (local.get $r) (i32.const 1)))
                (i32.const -1)))))
        ;; And the last row, whose columns the normal form bounds.
        (local.set $gap
          (i32.shr_u (i32.sub (local.get $end) (i32.add (local.get $p) (i32.const 4)))
            (i32.const 2)))
        (br_if $step
          (i32.eqz
            (i32.and (i32.load offset=0 (local.get $end))
              (i32.xor
                (i32.or (i32.or (i32.shl (local.get $l) (local.get $gap)) (local.get $d))
                  (i32.shr_s (local.get $r) (local.get $gap)))
                (i32.const -1)))))
        ;; And the row after those (at most the last: rows y + 1 and y + 2 come before it).
        (br_if $step
          (i32.eqz
            (i32.and (i32.load offset=12 (local.get $p))
              (i32.xor
                (i32.or (i32.or (i32.shl (local.get $l) (i32.const 2)) (local.get $d))
                  (i32.shr_s (local.get $r) (i32.const 2)))
                (i32.const -1)))))
        (i32.store offset=128 (local.get $p) (local.get $free))
        (i32.store offset=512 (local.get $p) (local.get $right))
        (local.set $p (i32.add (local.get $p) (i32.const 4)))
        (local.set $free (local.get $next))
        (local.set $left (local.get $l))
        (local.set $down (local.get $d))
        (local.set $right (local.get $r))
        (br $step)))
    (global.set $nodes (i64.add (global.get $nodes) (local.get $nodes)))
    (f64.convert_i64_s (global.get $c8)))

  ;; A solution with its last row's queen `lastBit` still to place: counted here if it is one of
  ;; 8 boards, else handed to the host after placing the last queen.
  (func $settle (param $lastBit i32)
    (local $last i32)
    (if (i32.eqz (global.get $ring))
      (then
        (if (i32.or
              (i32.or (i32.eqz (global.get $halfTurns))
                (i32.ne (local.get $lastBit) (global.get $endBit)))
              (i32.eq
                (i32.load offset=640
                  (i32.shl (i32.sub (global.get $last) (global.get $depth)) (i32.const 2)))
                (i32.const 1)))
          (then
            (global.set $c8 (i64.add (global.get $c8) (i64.const 1)))
            (return)))))
    (local.set $last (global.get $last))
    (i32.store offset=640 (i32.shl (local.get $last) (i32.const 2)) (local.get $lastBit))
    (call $sized)))
