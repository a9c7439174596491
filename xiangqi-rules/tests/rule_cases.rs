//! The single-position rule cases of `tests/data/cases.json` (see
//! `tests/data/PROVENANCE.md`): every kind of expectation, each case's
//! legal-move count, and the reason of every illegal move, mapped from the
//! names the cases use to [`IllegalReason`] values.

use std::collections::BTreeSet;

use serde_json::Value;
use xiangqi_rules::{Color, IccsMove, IllegalReason, Position, Square};

/// The reason names of the cases and the values they stand for.
const REASONS: [(&str, IllegalReason); 13] = [
    ("elephant_blocked", IllegalReason::ElephantEyeBlocked),
    ("horse_blocked", IllegalReason::HorseHobbled),
    ("no_screen", IllegalReason::CannonNoScreen),
    ("too_many_screens", IllegalReason::CannonMoreThanOneScreen),
    ("path_blocked", IllegalReason::PathBlocked),
    ("own_piece", IllegalReason::OwnPieceOnTarget),
    ("outside_palace", IllegalReason::LeavesPalace),
    ("crosses_river", IllegalReason::ElephantCrossesRiver),
    ("wrong_direction", IllegalReason::NotAMove),
    ("soldier_backward", IllegalReason::SoldierBackward),
    (
        "soldier_sideways_before_river",
        IllegalReason::SoldierSidewaysBeforeRiver,
    ),
    ("flying_general", IllegalReason::FlyingGeneral),
    (
        "leaves_general_in_check",
        IllegalReason::LeavesGeneralInCheck,
    ),
];

fn reason(name: &str) -> IllegalReason {
    REASONS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, r)| r)
        .unwrap_or_else(|| panic!("unknown reason {name:?} in cases.json"))
}

fn json() -> Value {
    serde_json::from_str(include_str!("data/cases.json")).expect("cases.json is JSON")
}

fn str_field<'a>(case: &'a Value, key: &str) -> &'a str {
    case[key]
        .as_str()
        .unwrap_or_else(|| panic!("case {} has no string {key:?}", case["name"]))
}

fn color(name: &str) -> Color {
    name.parse()
        .unwrap_or_else(|e| panic!("bad colour {name:?}: {e}"))
}

#[test]
fn reason_names_are_those_of_the_cases() {
    let json = json();
    let listed: Vec<&str> = json["reasons"]
        .as_array()
        .expect("a reasons list")
        .iter()
        .map(|r| r.as_str().expect("a name"))
        .collect();
    assert_eq!(listed.len(), REASONS.len());
    for name in listed {
        let r = reason(name);
        // The crate's own names are those of the cases.
        assert_eq!(r.as_str(), name);
        assert_eq!(name.parse::<IllegalReason>(), Ok(r));
    }
}

#[test]
fn every_single_position_case() {
    let json = json();
    let cases = json["cases"].as_array().expect("a cases list");
    assert_eq!(
        cases.len(),
        72,
        "cases.json should hold 72 single-position cases"
    );
    let mut kinds = BTreeSet::new();
    for case in cases {
        let name = str_field(case, "name");
        let fen = str_field(case, "fen");
        let kind = str_field(case, "kind");
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
        let moves = pos.legal_moves();
        if let Some(n) = case["legal_move_count"].as_u64() {
            assert_eq!(moves.len() as u64, n, "{name}: legal move count");
            assert_eq!(pos.count_legal_moves(), n, "{name}: count_legal_moves");
        }
        // Every generated move is legal by the single-move check, with the same description.
        for &m in &moves {
            assert_eq!(pos.why_illegal(m), None, "{name}: generated {m}");
        }
        let mv = || -> IccsMove {
            str_field(case, "move")
                .parse()
                .unwrap_or_else(|e| panic!("{name}: {e}"))
        };
        match kind {
            "legal" => {
                let mv = mv();
                assert_eq!(pos.why_illegal_iccs(mv), None, "{name}: {mv}");
                let m = pos.to_move(mv).unwrap_or_else(|e| panic!("{name}: {e}"));
                assert!(moves.contains(&m), "{name}: {m} not generated");
            }
            "illegal" => {
                let mv = mv();
                let expected = reason(str_field(case, "reason"));
                assert_eq!(pos.why_illegal_iccs(mv), Some(expected), "{name}: {mv}");
                assert!(
                    !moves.iter().any(|m| m.iccs() == mv),
                    "{name}: {mv} generated"
                );
            }
            "in_check" => {
                let expected = case["expected"].as_bool().expect("expected: bool");
                assert_eq!(pos.in_check(), expected, "{name}: in_check");
                let checkers: BTreeSet<Square> = case["checkers"]
                    .as_array()
                    .expect("checkers")
                    .iter()
                    .map(|s| s.as_str().expect("a point").parse().expect("a point"))
                    .collect();
                let found: BTreeSet<Square> = pos.checkers().iter().collect();
                assert_eq!(found, checkers, "{name}: checkers");
            }
            "legal_moves" => {
                let expected: BTreeSet<String> = case["moves"]
                    .as_array()
                    .expect("moves")
                    .iter()
                    .map(|m| m.as_str().expect("a move").to_owned())
                    .collect();
                let found: BTreeSet<String> = moves.iter().map(ToString::to_string).collect();
                assert_eq!(found, expected, "{name}: legal moves");
            }
            "checkmate" | "no_legal_moves" => {
                assert!(moves.is_empty(), "{name}: has moves");
                assert!(!pos.has_legal_move(), "{name}: has_legal_move");
                assert_eq!(pos.in_check(), kind == "checkmate", "{name}: in check");
                assert_eq!(pos.is_checkmate(), kind == "checkmate", "{name}");
                assert_eq!(pos.turn(), color(str_field(case, "loser")), "{name}: loser");
            }
            "bare_material_draw" => {
                let expected = case["expected"].as_bool().expect("expected: bool");
                assert_eq!(pos.is_bare_material(), expected, "{name}: bare material");
            }
            other => panic!("{name}: unknown kind {other:?}"),
        }
        kinds.insert(kind.to_owned());
    }
    // Every kind of expectation was met at least once.
    assert_eq!(kinds.len(), 7, "kinds seen: {kinds:?}");
}
