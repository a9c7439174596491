//! Records as other programs write them: variation headings with `手目`,
//! USI move lists ending in a token such as `resign`, files holding several
//! records (SFEN lines, `position` lines, CSA games separated by `/`), and
//! the rules a record states (floodgate's `'Max_Moves:256`).

use shogi_rules::record::{self, Format, RecordErrorKind};

/// A KIF record with one variation, its heading written `heading`.
fn kif_with_heading(heading: &str) -> String {
    format!(
        "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n\n{heading}\n   2 ８四歩(83)\n"
    )
}

/// A KI2 record with one variation, its heading written `heading`.
fn ki2_with_heading(heading: &str) -> String {
    format!("手合割：平手\n▲７六歩　△３四歩　▲２六歩\n\n{heading}\n△８四歩\n")
}

#[test]
fn variation_headings_with_te_me_read_as_with_te() {
    for (format, text) in [
        (Format::Kif, kif_with_heading as fn(&str) -> String),
        (Format::Ki2, ki2_with_heading),
    ] {
        let expected = record::read_str_as(&text("変化：2手"), format).unwrap();
        assert_eq!(expected.variation_count(), 1);
        for heading in ["変化：2手目", "変化:2手目", "変化:2手", "変化：2", "変化： 2手目 "] {
            let read = record::read_str_as(&text(heading), format)
                .unwrap_or_else(|e| panic!("{format} {heading:?}: {e}"));
            assert_eq!(read, expected, "{format} {heading:?}");
        }
        for heading in ["変化：2手目目", "変化：手目", "変化：2目"] {
            let err = record::read_str_as(&text(heading), format).unwrap_err();
            assert!(
                matches!(err.kind, RecordErrorKind::UnexpectedLine(_)),
                "{format} {heading:?}: {err}"
            );
            assert_eq!(err.line, if format == Format::Kif { 7 } else { 4 });
        }
    }
}
