//! The moves of `tests/data/notation.tsv` (see `tests/data/PROVENANCE.md`):
//! every ICCS move is legal in the position before it, and playing it gives
//! the position of the next row of the same game.

use xiangqi_rules::Position;

#[test]
fn every_move_of_the_notation_table_is_legal() {
    let text = include_str!("data/notation.tsv");
    let rows: Vec<(&str, &str)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("fen\t"))
        .map(|l| {
            let mut cols = l.split('\t');
            let fen = cols.next().expect("a FEN");
            let iccs = cols.next().unwrap_or_else(|| panic!("no move in {l:?}"));
            (fen, iccs)
        })
        .collect();
    assert_eq!(rows.len(), 1_498, "notation.tsv should hold 1,498 moves");
    let mut followed = 0;
    for (i, (fen, iccs)) in rows.iter().enumerate() {
        let mut pos =
            Position::from_fen(fen).unwrap_or_else(|e| panic!("row {}: {fen}: {e}", i + 1));
        let m = pos
            .parse_iccs_move(iccs)
            .unwrap_or_else(|e| panic!("row {}: {fen}: {e}", i + 1));
        pos.play(m).unwrap_or_else(|e| panic!("row {}: {e}", i + 1));
        if let Some((next, _)) = rows.get(i + 1) {
            let next = Position::from_fen(next).expect("the next row loads");
            if next.same_position(&pos) {
                followed += 1;
            }
        }
    }
    // Within each of the 15 recorded games every row follows from the one
    // before (1,378 rows, 15 games).
    assert!(
        followed >= 1_378 - 15,
        "only {followed} rows follow their predecessor"
    );
}
