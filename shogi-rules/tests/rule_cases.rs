//! Rule cases: the position-level cases of `tests/data/cases.json`, each checked against the
//! library (the file is shared with every binding; its fields are described in its
//! `case_fields` entry, its origin in `tests/data/PROVENANCE.md`).
//!
//! Kinds checked here:
//! * `move_legal`: the USI move is legal, or illegal with exactly the expected reason
//!   ([`IllegalReason::as_str`](shogi_rules::IllegalReason::as_str)); `legal_moves()` must agree
//!   (contains the move iff legal);
//! * `legal_moves_count`: the number of legal moves (and `has_legal_moves()` agrees);
//! * `is_checkmate`, `in_check`: the booleans;
//! * `promotion_options`: `"must"` / `"may"` / `"never"` for a from-to pair, and the promoted
//!   and unpromoted moves are legal or illegal (`must_promote` / `cannot_promote`) accordingly.
//!
//! A case with `derived_from` must also be reachable: its position equals the `derived_from`
//! position after playing the listed moves. The `impasse` kind and the `sequences` list are
//! game-level adjudication and are not checked here.
//!
//! Every failing case is reported (with its name), not only the first one, and the number of
//! cases run per kind is checked so that no case is skipped silently.

use std::collections::BTreeMap;
use std::str::FromStr;

use serde_json::Value;
use shogi_rules::{Position, Promotion, Square, UsiMoveError};

const CASES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/cases.json");

/// The kinds checked here, with the number of cases of each kind in cases.json.
const CHECKED_KINDS: [(&str, usize); 5] = [
    ("move_legal", 49),
    ("legal_moves_count", 5),
    ("is_checkmate", 4),
    ("in_check", 2),
    ("promotion_options", 11),
];

/// Kinds that belong to game adjudication, not to this test.
const OTHER_KINDS: [&str; 1] = ["impasse"];

fn text<'a>(case: &'a Value, key: &str) -> &'a str {
    case[key]
        .as_str()
        .unwrap_or_else(|| panic!("case {case}: `{key}` must be a string"))
}

fn boolean(case: &Value, key: &str) -> bool {
    case[key]
        .as_bool()
        .unwrap_or_else(|| panic!("case {case}: `{key}` must be a boolean"))
}

/// `None` for a legal move, `Some(reason)` for an illegal one.
fn describe(outcome: Option<&str>) -> String {
    match outcome {
        None => "legal".to_string(),
        Some(reason) => format!("illegal ({reason})"),
    }
}

/// Checks that `usi` is legal (`expected == None`) or illegal for the given reason.
fn check_move(pos: &Position, usi: &str, expected: Option<&str>) -> Result<(), String> {
    let got = match pos.parse_usi_move(usi) {
        Ok(_) => None,
        Err(UsiMoveError::Illegal(err)) => Some(err.reason().as_str()),
        Err(err) => return Err(format!("`{usi}` rejected as {err}")),
    };
    if got != expected {
        return Err(format!(
            "`{usi}`: expected {}, got {}",
            describe(expected),
            describe(got)
        ));
    }
    let generated = pos.legal_moves().iter().any(|m| m.to_string() == usi);
    if generated != expected.is_none() {
        return Err(format!(
            "`{usi}` is {} but legal_moves() {} it",
            describe(expected),
            if generated {
                "contains"
            } else {
                "does not contain"
            }
        ));
    }
    Ok(())
}

fn check_promotion_options(pos: &Position, from_to: &str, expected: &str) -> Result<(), String> {
    let square =
        |s: &str| Square::from_str(s).unwrap_or_else(|_| panic!("`{from_to}`: bad square `{s}`"));
    let (from, to) = (square(&from_to[..2]), square(&from_to[2..]));
    let got = match pos.promotion_options(from, to) {
        Some(Promotion::Must) => "must",
        Some(Promotion::May) => "may",
        Some(Promotion::Never) => "never",
        None => "none (no legal move)",
    };
    if got != expected {
        return Err(format!("`{from_to}`: expected {expected}, got {got}"));
    }
    let promoted = format!("{from_to}+");
    let (plain_outcome, promoted_outcome) = match expected {
        "must" => (Some("must_promote"), None),
        "may" => (None, None),
        "never" => (None, Some("cannot_promote")),
        other => panic!("`{from_to}`: unknown promotion option `{other}`"),
    };
    check_move(pos, from_to, plain_outcome)?;
    check_move(pos, &promoted, promoted_outcome)
}

fn check_flag(name: &str, got: bool, expected: bool) -> Result<(), String> {
    if got == expected {
        Ok(())
    } else {
        Err(format!("{name}() = {got}, expected {expected}"))
    }
}

/// Checks that `pos` is the `derived_from` position after its moves.
fn check_derivation(derived: &Value, pos: &Position) -> Result<(), String> {
    let start = text(derived, "sfen");
    let mut replay =
        Position::from_sfen(start).map_err(|err| format!("derived_from `{start}`: {err}"))?;
    for usi in derived["moves"].as_array().expect("derived_from.moves") {
        let usi = usi.as_str().expect("derived_from.moves: strings");
        let m = replay
            .parse_usi_move(usi)
            .map_err(|err| format!("derived_from: `{usi}`: {err}"))?;
        replay
            .play(m)
            .map_err(|err| format!("derived_from: play `{usi}`: {err}"))?;
    }
    if replay != *pos {
        return Err(format!(
            "derived_from gives `{}`, the case says `{}`",
            replay.to_sfen(),
            pos.to_sfen()
        ));
    }
    Ok(())
}

fn check_case(case: &Value, kind: &str) -> Result<(), String> {
    let sfen = text(case, "sfen");
    let pos = Position::from_sfen(sfen).map_err(|err| format!("cannot load `{sfen}`: {err}"))?;
    if let Some(derived) = case.get("derived_from") {
        check_derivation(derived, &pos)?;
    }
    match kind {
        "move_legal" => {
            let expected = if boolean(case, "expect") {
                None
            } else {
                Some(text(case, "reason"))
            };
            check_move(&pos, text(case, "move"), expected)
        }
        "legal_moves_count" => {
            let expected = case["expect"].as_u64().expect("`expect` must be a count");
            let got = pos.legal_moves().len() as u64;
            if got != expected {
                return Err(format!("legal_moves().len() = {got}, expected {expected}"));
            }
            check_flag("has_legal_moves", pos.has_legal_moves(), expected > 0)
        }
        "is_checkmate" => check_flag("is_checkmate", pos.is_checkmate(), boolean(case, "expect")),
        "in_check" => check_flag("in_check", pos.in_check(), boolean(case, "expect")),
        "promotion_options" => {
            check_promotion_options(&pos, text(case, "move"), text(case, "expect"))
        }
        other => unreachable!("kind `{other}` is filtered out by the caller"),
    }
}

#[test]
fn rule_cases() {
    let json = std::fs::read_to_string(CASES).unwrap_or_else(|err| panic!("{CASES}: {err}"));
    let data: Value = serde_json::from_str(&json).unwrap_or_else(|err| panic!("{CASES}: {err}"));
    let cases = data["cases"].as_array().expect("`cases` array");

    let mut failures = Vec::new();
    let mut run: BTreeMap<&str, usize> = BTreeMap::new();
    for case in cases {
        let name = text(case, "name");
        let kind = text(case, "kind");
        if OTHER_KINDS.contains(&kind) {
            continue;
        }
        assert!(
            CHECKED_KINDS.iter().any(|&(k, _)| k == kind),
            "case {name}: unknown kind `{kind}`"
        );
        *run.entry(kind).or_default() += 1;
        if let Err(message) = check_case(case, kind) {
            failures.push(format!("{name} ({kind}): {message}"));
        }
    }

    let expected_run: BTreeMap<&str, usize> = CHECKED_KINDS.into_iter().collect();
    assert_eq!(run, expected_run, "number of cases run per kind");
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        run.values().sum::<usize>(),
        failures.join("\n")
    );
}
