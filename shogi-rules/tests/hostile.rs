//! Hostile input: records at the limits of what the readers accept are read,
//! written in every format, replayed, compared, cloned and dropped on a
//! thread with a 256 KiB stack; each limit of `ReadLimits` is a typed error
//! naming it; writers never emit what the readers refuse.

// JKF is one of the formats at the limits: these tests need the `jkf` feature (on by default).
#![cfg(feature = "jkf")]

use std::fmt::Write as _;

use shogi_rules::record::{
    self, Format, GameRecord, Limit, LineId, MAX_MOVE_NUMBER, MAX_TIME_SECONDS, ReadLimits,
    RecordErrorKind, WalkOrder,
};
use shogi_rules::{Game, RuleSet};

/// The stack of the thread the deep records are handled on (the default of
/// some platforms' threads is 512 KiB; this is half of it).
const SMALL_STACK: usize = 256 * 1024;

/// Runs `f` on a thread with a 256 KiB stack.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(f)
        .expect("a thread")
        .join()
        .expect("no panic and no overflow on a 256 KiB stack");
}

/// A KIF record whose variations nest `depth` deep: each `変化` block
/// branches off the one before it, at its second move.
fn deep_kif(depth: usize) -> String {
    let mut out = String::from("手数----指手---------消費時間--\n");
    // Kings walk back and forth: every line is legal at every depth.
    let shuttle = ["５八玉(59)", "５二玉(51)", "５九玉(58)", "５一玉(52)"];
    let mut ply = 1;
    for (i, m) in shuttle.iter().enumerate() {
        let _ = writeln!(out, "{:>4} {m}", i + 1);
    }
    for _ in 0..depth {
        ply += 1;
        let _ = write!(out, "\n変化：{ply}手\n");
        for k in 0..3 {
            let i = ply - 1 + k;
            let m = if i % 2 == 0 {
                ["５八玉(59)", "５九玉(58)"][i / 2 % 2]
            } else {
                ["４二玉(51)", "５一玉(42)"][i / 2 % 2]
            };
            let _ = writeln!(out, "{:>4} {m}", ply + k);
        }
    }
    out
}

/// Reads, writes in every format, reads back, replays, compares, clones,
/// walks and drops `text`.
fn exercise(text: &str) -> usize {
    let r = record::read_str_as(text, Format::Kif).expect("the deep record reads");
    let depth = r
        .walk(WalkOrder::LatestFirst)
        .map(|v| v.depth)
        .max()
        .unwrap_or(0);
    for format in [
        Format::Kif,
        Format::Ki2,
        Format::Csa,
        Format::Jkf,
        Format::Usi,
    ] {
        let written = r
            .write(format)
            .unwrap_or_else(|e| panic!("{format} does not write: {e}"));
        let back = record::read_str_as(&written.text, format)
            .unwrap_or_else(|e| panic!("{format} written does not read: {e}"));
        assert_eq!(back.moves(), r.moves(), "{format}");
        if matches!(format, Format::Kif | Format::Ki2 | Format::Jkf) {
            assert_eq!(back.variation_count(), r.variation_count(), "{format}");
        }
        // KIF and JKF hold everything this record has.
        if matches!(format, Format::Kif | Format::Jkf) {
            assert_eq!(back, r, "{format}");
        }
    }
    let copy = r.clone();
    assert_eq!(copy, r);
    let ids: Vec<LineId> = r.walk(WalkOrder::EarliestFirst).map(|v| v.id).collect();
    for id in ids {
        let sub = r.extract(id).expect("every line extracts");
        drop(sub);
    }
    r.game_with(RuleSet::site()).expect("the main line replays");
    drop(copy);
    depth
}

#[test]
fn the_deepest_accepted_record_is_handled_on_a_small_stack() {
    let depth = ReadLimits::DEFAULT.max_depth;
    on_small_stack(move || {
        assert_eq!(exercise(&deep_kif(depth)), depth);
    });
}

#[test]
fn a_record_deeper_than_the_limit_is_a_typed_error() {
    let text = deep_kif(ReadLimits::DEFAULT.max_depth + 1);
    let e = record::read_str_as(&text, Format::Kif).unwrap_err();
    assert!(
        matches!(
            e.kind,
            RecordErrorKind::LimitExceeded {
                limit: Limit::Depth,
                max: 1000
            }
        ),
        "{e}"
    );
    assert!(e.line > 1);
}

#[test]
fn each_limit_is_a_typed_error_naming_it() {
    let kif = deep_kif(3);
    let cases: [(Limit, usize, String); 6] = [
        (Limit::InputBytes, 10, kif.clone()),
        (Limit::LineBytes, 20, kif.clone()),
        (
            Limit::HeaderBytes,
            3,
            format!("棋戦：長い名前の棋戦\n{kif}"),
        ),
        (Limit::MovesPerLine, 2, kif.clone()),
        (Limit::Variations, 2, kif.clone()),
        (Limit::Depth, 2, kif),
    ];
    for (limit, value, text) in cases {
        let limits = ReadLimits::DEFAULT.with(limit, value);
        let e = record::read_with(text.as_bytes(), Some(Format::Kif), &limits).unwrap_err();
        assert_eq!(
            e.kind,
            RecordErrorKind::LimitExceeded { limit, max: value },
            "{limit}: {e}"
        );
        // The same text within the default limits reads.
        record::read_with(text.as_bytes(), Some(Format::Kif), &ReadLimits::DEFAULT).unwrap();
    }
    // The same limits hold in the other formats.
    let usi = "position startpos moves 5i5h 5a5b 5h5i 5b5a";
    let limits = ReadLimits::DEFAULT.with(Limit::MovesPerLine, 3);
    let e = record::read_with(usi.as_bytes(), None, &limits).unwrap_err();
    assert_eq!(
        e.kind,
        RecordErrorKind::LimitExceeded {
            limit: Limit::MovesPerLine,
            max: 3
        }
    );
    let e = Game::from_usi_with(usi, RuleSet::site(), &limits).unwrap_err();
    assert!(e.to_string().contains("limit of 3"), "{e}");
    let csa = "PI\n+\n+5958OU,-5152OU,+5859OU,-5251OU\n";
    let e = record::read_with(csa.as_bytes(), None, &limits).unwrap_err();
    assert_eq!(
        e.kind,
        RecordErrorKind::LimitExceeded {
            limit: Limit::MovesPerLine,
            max: 3
        }
    );
}

#[test]
fn numbers_beyond_what_every_format_writes_are_refused_on_the_way_in() {
    let cases = [
        (
            format!("PI\n+\n+5958OU\nT{}\n", MAX_TIME_SECONDS + 1),
            Format::Csa,
        ),
        (
            "PI\n+\n+5958OU\nT18446744073709551615\n".to_string(),
            Format::Csa,
        ),
        (
            format!(
                "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - {}",
                MAX_MOVE_NUMBER + 1
            ),
            Format::Usi,
        ),
        (
            format!("手数----指手--\n{} ５八玉(59)\n", MAX_MOVE_NUMBER + 1),
            Format::Kif,
        ),
        (
            "手数----指手--\n   1 ５八玉(59)   (1999999:00/00:00:00)\n".to_string(),
            Format::Kif,
        ),
    ];
    for (text, format) in cases {
        let e = record::read_str_as(&text, format).unwrap_err();
        assert!(
            matches!(e.kind, RecordErrorKind::NumberTooLarge { .. }),
            "{format} {text:?}: {e}"
        );
        assert!(e.to_string().contains("number too large"), "{e}");
    }
    // The largest accepted time and move number write and read back in
    // every format that holds them.
    let csa = format!("PI\n+\n+5958OU\nT{MAX_TIME_SECONDS}\n");
    let r = record::read_str_as(&csa, Format::Csa).unwrap();
    for format in [Format::Kif, Format::Csa, Format::Jkf] {
        let written = r.write(format).unwrap().text;
        let back = record::read_str_as(&written, format).unwrap();
        assert_eq!(
            back.main.moves[0].time.map(|t| t.used),
            r.main.moves[0].time.map(|t| t.used)
        );
    }
    let usi = format!(
        "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - {} moves 5i5h",
        MAX_MOVE_NUMBER - 1
    );
    let r = record::read_str_as(&usi, Format::Usi).unwrap();
    for format in [
        Format::Kif,
        Format::Ki2,
        Format::Csa,
        Format::Jkf,
        Format::Usi,
    ] {
        let written = r.write(format).unwrap().text;
        let back = record::read_str_as(&written, format)
            .unwrap_or_else(|e| panic!("{format}: {e}\n{written}"));
        assert_eq!(back.moves(), r.moves());
    }
}

#[test]
fn errors_quote_at_most_eighty_characters() {
    let long = "x".repeat(50_000_000 / 1000);
    let text = format!("手数----指手--\n{long}\n");
    let e = record::read_str_as(&text, Format::Kif).unwrap_err();
    let message = e.to_string();
    assert!(message.len() < 400, "{} bytes", message.len());
    assert!(message.contains('…'));
}

#[test]
fn a_long_usi_line_replays_in_linear_time() {
    // 100,000 king moves: a quadratic replay takes minutes; a linear one
    // well under a second in release builds.
    let mut line = String::from("position startpos moves");
    for i in 0..100_000 {
        line.push_str([" 5i5h", " 5a5b", " 5h5i", " 5b5a"][i % 4]);
    }
    let r = record::read_str_as(&line, Format::Usi).unwrap();
    assert_eq!(r.moves().len(), 100_000);
    let parsed = shogi_rules::usi::parse_position_command(&line).unwrap();
    assert_eq!(parsed.moves.len(), 100_000);
}

/// Records made in code are compared by shape, whatever order their
/// variations were added in.
#[test]
fn records_compare_by_the_shape_of_their_tree() {
    let text = deep_kif(3);
    let a = record::read_str_as(&text, Format::Kif).unwrap();
    let b: GameRecord =
        record::read_str_as(&a.write(Format::Kif).unwrap().text, Format::Kif).unwrap();
    assert_eq!(a, b);
    let mut c = b.clone();
    c.line_mut(LineId::MAIN).unwrap().moves.pop();
    assert_ne!(a, c);
}

/// The line numbers (1-based) of the lines of `jkf` that open a fork: the
/// writer puts each fork's `[` on a line of its own.
fn fork_lines(jkf: &str) -> Vec<usize> {
    jkf.lines()
        .enumerate()
        .filter(|(_, l)| l.trim() == "[")
        .map(|(i, _)| i + 1)
        .collect()
}

#[test]
fn jkf_forks_deeper_than_the_limit_are_refused_where_the_fork_starts() {
    on_small_stack(|| {
        let max = ReadLimits::DEFAULT.max_depth;
        // Written from a record read with room for one level more.
        let limits = ReadLimits::DEFAULT.with(Limit::Depth, max + 1);
        let deeper = record::read_with(deep_kif(max + 1).as_bytes(), Some(Format::Kif), &limits)
            .expect("one level more reads within a limit one higher");
        let jkf = deeper.write(Format::Jkf).expect("any depth writes").text;
        assert!(jkf.lines().all(|l| l.len() < 120), "long JKF line");
        let forks = fork_lines(&jkf);
        assert_eq!(forks.len(), max + 1);
        let e = record::read_str_as(&jkf, Format::Jkf).unwrap_err();
        assert_eq!(
            e.kind,
            RecordErrorKind::LimitExceeded {
                limit: Limit::Depth,
                max
            },
            "{e}"
        );
        // The indentation stops at eight levels: the fork's `[` is at 17.
        assert_eq!((e.line, e.column), (forks[max], 17), "{e}");
        // Within the higher limit it reads back as it was.
        let back = record::read_with(jkf.as_bytes(), Some(Format::Jkf), &limits).unwrap();
        assert_eq!(back, deeper);
        // A lower limit is the same error at its own fork.
        let limits = ReadLimits::DEFAULT.with(Limit::Depth, 2);
        let e = record::read_with(jkf.as_bytes(), Some(Format::Jkf), &limits).unwrap_err();
        assert_eq!(
            e.kind,
            RecordErrorKind::LimitExceeded {
                limit: Limit::Depth,
                max: 2
            }
        );
        assert_eq!(e.line, forks[2], "{e}");
    });
}

/// `depth` JSON arrays nested in one another: `[[[…]]]`.
fn nested_arrays(depth: usize) -> String {
    let mut s = "[".repeat(depth);
    s.push_str(&"]".repeat(depth));
    s
}

#[test]
fn jkf_nested_past_the_schema_is_an_error_on_a_small_stack() {
    on_small_stack(|| {
        let deep = nested_arrays(100_000);
        let to_76 =
            "{\"color\":0,\"from\":{\"x\":7,\"y\":7},\"to\":{\"x\":7,\"y\":6},\"piece\":\"FU\"}";
        let texts = [
            // Where the schema wants a string or an object.
            format!("{{\"header\":{{\"a\":{deep}}},\"moves\":[{{}}]}}"),
            format!("{{\"header\":{deep},\"moves\":[{{}}]}}"),
            format!("{{\"header\":{{}},\"initial\":{deep},\"moves\":[{{}}]}}"),
            format!(
                "{{\"header\":{{}},\"initial\":{{\"preset\":\"OTHER\",\"data\":{{\"color\":0,\"board\":{deep},\"hands\":[{{}},{{}}]}}}},\"moves\":[{{}}]}}"
            ),
            format!("{{\"header\":{{}},\"moves\":[{{\"comments\":{deep}}}]}}"),
            format!("{{\"header\":{{}},\"moves\":[{{}},{{\"move\":{to_76},\"time\":{deep}}}]}}"),
            // Under keys the reader does not know and skips.
            format!(
                "{{\"header\":{{}},\"initial\":{{\"preset\":\"HIRATE\",\"x\":{deep}}},\"moves\":[{{}}]}}"
            ),
            format!("{{\"x\":{deep},\"header\":{{}},\"moves\":[{{}}]}}"),
            format!("{{\"header\":{{}},\"moves\":[{{}},{{\"move\":{to_76},\"x\":{deep}}}]}}"),
            // As `moves`, and as forks.
            format!("{{\"header\":{{}},\"moves\":{deep}}}"),
            format!("{{\"header\":{{}},\"moves\":[{{}},{{\"move\":{to_76},\"forks\":{deep}}}]}}"),
        ];
        for text in &texts {
            let e = record::read_str_as(text, Format::Jkf).unwrap_err();
            assert!(
                matches!(
                    e.kind,
                    RecordErrorKind::Json(_)
                        | RecordErrorKind::LimitExceeded {
                            limit: Limit::Depth,
                            ..
                        }
                ),
                "{e}"
            );
            assert!(e.line >= 1 && e.column >= 1, "{e}");
        }
        // Forks nested 100,000 deep (each entry's `forks` before the `move`
        // it lacks) fail at the first one past the limit.
        let mut json = String::from("{\"header\":{},\"moves\":[{},");
        for _ in 0..100_000 {
            json.push_str("{\"forks\":[[");
        }
        json.push_str("{}");
        for _ in 0..100_000 {
            json.push_str("]]}");
        }
        json.push_str("]}");
        let e = record::read_str_as(&json, Format::Jkf).unwrap_err();
        assert_eq!(
            e.kind,
            RecordErrorKind::LimitExceeded {
                limit: Limit::Depth,
                max: ReadLimits::DEFAULT.max_depth
            },
            "{e}"
        );
    });
}

#[test]
fn many_variations_written_latest_first_read_in_linear_time() {
    // A variation at every ply of a long main line, written latest branch
    // point first as KIF writers do: each block joins the main line.
    let moves = 20_000;
    let shuttle = ["５八玉(59)", "５二玉(51)", "５九玉(58)", "５一玉(52)"];
    let mut text = String::from("手数----指手---------消費時間--\n");
    for i in 0..moves {
        let _ = writeln!(text, "{:>4} {}", i + 1, shuttle[i % 4]);
    }
    for ply in (2..=moves).rev().step_by(2) {
        // Gote's king steps to 4二 instead, from 5一 or from 5二.
        let m = if (ply - 1) % 4 == 1 {
            "４二玉(51)"
        } else {
            "４二玉(52)"
        };
        let _ = write!(text, "\n変化：{ply}手\n{ply:>4} {m}\n");
    }
    let r = record::read_str_as(&text, Format::Kif).unwrap();
    assert_eq!(r.variation_count(), moves / 2);
    // Branch points come out in move order whatever order they were read.
    let first = r.variations(LineId::MAIN, 1).next().unwrap();
    assert_eq!(r.branch_point(first), Some((LineId::MAIN, 1)));
    let written = r.write(Format::Kif).unwrap().text;
    assert_eq!(record::read_str_as(&written, Format::Kif).unwrap(), r);
}

#[test]
fn running_totals_past_the_longest_time_still_write_and_read_back() {
    // Each time is within the limit; the JKF writer's running total of
    // Sente's times is not, and is capped so that the text reads back.
    let max = MAX_TIME_SECONDS;
    let csa = format!("PI\n+\n+5958OU\nT{max}\n-5152OU\nT1\n+5859OU\nT{max}\n");
    let r = record::read_str_as(&csa, Format::Csa).unwrap();
    let jkf = r.write(Format::Jkf).unwrap().text;
    let back = record::read_str_as(&jkf, Format::Jkf).unwrap_or_else(|e| panic!("{e}\n{jkf}"));
    assert_eq!(back.moves(), r.moves());
    let total = back.main.moves[2].time.and_then(|t| t.total).unwrap();
    assert_eq!(total.as_secs(), max);
}

#[test]
fn a_start_at_move_number_zero_writes_numbers_every_reader_takes() {
    let usi = "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 0 moves 5i5h 5a5b";
    let r = record::read_str_as(usi, Format::Usi).unwrap();
    for format in [
        Format::Kif,
        Format::Ki2,
        Format::Csa,
        Format::Jkf,
        Format::Usi,
    ] {
        let written = r.write(format).unwrap().text;
        let back = record::read_str_as(&written, format)
            .unwrap_or_else(|e| panic!("{format}: {e}\n{written}"));
        assert_eq!(back.moves(), r.moves(), "{format}");
    }
}

#[test]
fn a_lone_carriage_return_in_a_comment_writes_in_every_format() {
    let jkf = "{\"header\":{},\"moves\":[{\"comments\":[\"a\\rb\"]},\
        {\"move\":{\"color\":0,\"from\":{\"x\":5,\"y\":9},\"to\":{\"x\":5,\"y\":8},\"piece\":\"OU\"},\
        \"comments\":[\"c\\r\\u001e\\u0001\"]}]}";
    let r = record::read_str_as(jkf, Format::Jkf).unwrap();
    for format in [Format::Kif, Format::Ki2, Format::Csa, Format::Jkf] {
        let written = r.write(format).unwrap().text;
        let back = record::read_str_as(&written, format)
            .unwrap_or_else(|e| panic!("{format}: {e}\n{written:?}"));
        assert_eq!(back.moves(), r.moves(), "{format}");
    }
}
