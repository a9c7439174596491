//! The USI protocol's messages: real engine output read, written back and read again, the moves
//! it names checked against their positions, malformed lines refused with the field and column,
//! scores ordered and long lines read in linear time (random messages: `usi_round_trip.rs`).

use std::path::PathBuf;

use shogi_rules::usi::{
    BestMove, CheckmateReply, EngineMessage, GameResult, GoParams, GuiCommand, GuiPosition, Info,
    InfoScore, MateLimit, MateSign, PositionStart, Score, ScoreBound, UsiField, UsiMessageError,
    UsiOption, UsiOptionKind, resolve_line,
};
use shogi_rules::{IllegalReason, ParseUsiMoveError, Position, RuleSet, UsiMove};

fn data(name: &str) -> String {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "tests",
        "data",
        "usi",
        name,
    ]
    .iter()
    .collect();
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Reads every non-empty line as an engine message, and checks that its canonical form reads
/// back to the same message and is its own canonical form.
fn engine_lines(name: &str) -> Vec<EngineMessage> {
    data(name)
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let msg: EngineMessage = line
                .parse()
                .unwrap_or_else(|e| panic!("{name}: {line:?}: {e}"));
            let canonical = msg.to_string();
            let again: EngineMessage = canonical.parse().unwrap();
            assert_eq!(again, msg, "{name}: {line:?} -> {canonical:?}");
            assert_eq!(again.to_string(), canonical);
            msg
        })
        .collect()
}

fn infos(messages: &[EngineMessage]) -> Vec<&Info> {
    messages
        .iter()
        .filter_map(|m| match m {
            EngineMessage::Info(info) => Some(info),
            _ => None,
        })
        .collect()
}

fn moves(text: &str) -> Vec<UsiMove> {
    text.split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect()
}

#[test]
fn fairy_stockfish_output() {
    let messages = engine_lines("fairy-stockfish.txt");
    assert_eq!(
        messages[0],
        EngineMessage::Unknown("Fairy-Stockfish 11.1 LB 64 by Fabian Fichter".into())
    );
    assert_eq!(
        messages[1],
        EngineMessage::IdName("Fairy-Stockfish 11.1 LB 64".into())
    );
    let options: Vec<&UsiOption> = messages
        .iter()
        .filter_map(|m| match m {
            EngineMessage::Option(o) => Some(o),
            _ => None,
        })
        .collect();
    let option = |name: &str| *options.iter().find(|o| o.name == name).unwrap();
    assert_eq!(
        option("Debug Log File").kind,
        UsiOptionKind::String {
            default: Some(String::new())
        }
    );
    assert_eq!(
        option("Skill Level").kind,
        UsiOptionKind::Spin {
            default: Some(20),
            min: Some(-20),
            max: Some(20)
        }
    );
    assert_eq!(option("Clear Hash").kind, UsiOptionKind::Button);
    assert_eq!(
        option("Ponder").kind,
        UsiOptionKind::Check {
            default: Some(false)
        }
    );
    let UsiOptionKind::Combo { default, vars } = &option("UCI_Variant").kind else {
        panic!("UCI_Variant is a combo");
    };
    assert_eq!(default.as_deref(), Some("shogi"));
    assert!(vars.iter().any(|v| v == "minishogi") && vars.len() > 50);
    assert!(messages.contains(&EngineMessage::UsiOk));
    assert!(messages.contains(&EngineMessage::ReadyOk));

    // Two searches: from the start, then after 7g7f 3c3d.
    let split = messages
        .iter()
        .position(|m| matches!(m, EngineMessage::BestMove(_)))
        .unwrap();
    let after = shogi_rules::usi::parse_position_command("startpos moves 7g7f 3c3d")
        .unwrap()
        .position;
    for (part, start) in [
        (&messages[..split], Position::startpos()),
        (&messages[split..], after),
    ] {
        let part_infos = infos(part);
        assert!(!part_infos.is_empty());
        for info in part_infos {
            assert_eq!(info.extra, vec![("tbhits".to_string(), "0".to_string())]);
            let line = info.resolve_pv(&start);
            assert!(line.is_complete(), "{info}: {:?}", line.illegal);
        }
        let best = part.iter().rev().find_map(|m| match m {
            EngineMessage::BestMove(b) => Some(b),
            _ => None,
        });
        if let Some(best) = best {
            assert_eq!(best.resolve(&start).moves.len(), 2);
        }
    }
    let upper = infos(&messages)
        .into_iter()
        .find(|i| i.hashfull.is_some())
        .unwrap();
    assert_eq!(
        upper.score,
        Some(InfoScore {
            score: Score::Cp(124),
            bound: ScoreBound::Upper
        })
    );
}

#[test]
fn gpsusi_output() {
    let messages = engine_lines("gpsusi.txt");
    let mate_position = Position::from_sfen("8k/9/7GP/9/9/9/9/9/K8 b G 1").unwrap();
    let mate = messages
        .iter()
        .find_map(|m| match m {
            EngineMessage::Checkmate(reply @ CheckmateReply::Mate(_)) => Some(reply),
            _ => None,
        })
        .unwrap();
    let line = mate.resolve(&mate_position);
    assert!(line.is_complete());
    assert!(line.position.is_checkmate());
    assert!(messages.contains(&EngineMessage::Checkmate(CheckmateReply::NoMate)));

    let start = Position::startpos();
    let search = shogi_rules::usi::parse_position_command("startpos moves 7g7f 3c3d 2g2f 8c8d")
        .unwrap()
        .position;
    let deep: Vec<&Info> = infos(&messages)
        .into_iter()
        .filter(|i| i.pv.is_some())
        .collect();
    assert_eq!(deep.len(), 3);
    for info in deep {
        assert!(info.extra.is_empty());
        assert!(info.resolve_pv(&search).is_complete(), "{info}");
    }
    assert!(infos(&messages).iter().any(|i| *i
        == &Info {
            hashfull: Some(6),
            ..Info::default()
        }));
    let first_best = messages.iter().find_map(|m| match m {
        EngineMessage::BestMove(b) => Some(*b),
        _ => None,
    });
    assert_eq!(
        first_best,
        Some(BestMove::Move {
            best: "7g7f".parse().unwrap(),
            ponder: None
        })
    );
    assert!(first_best.unwrap().resolve(&start).is_complete());
}

#[test]
fn yaneuraou_style_lines() {
    let messages = engine_lines("yaneuraou-style.txt");
    let texts: Vec<String> = messages.iter().map(ToString::to_string).collect();
    assert!(texts.contains(&"info string EvalDir = eval,  EvalFile = nn.bin".to_string()));
    let scores: Vec<InfoScore> = infos(&messages).iter().filter_map(|i| i.score).collect();
    assert!(scores.contains(&InfoScore {
        score: Score::Cp(120),
        bound: ScoreBound::Lower
    }));
    assert!(scores.contains(&InfoScore {
        score: Score::MateUnknown(MateSign::Minus),
        bound: ScoreBound::Exact
    }));
    assert!(scores.iter().any(|s| s.score == Score::Mate(-4)));
    assert!(messages.contains(&EngineMessage::BestMove(BestMove::Resign)));
    assert!(messages.contains(&EngineMessage::BestMove(BestMove::Win)));
    for reply in [
        CheckmateReply::NoMate,
        CheckmateReply::Timeout,
        CheckmateReply::NotImplemented,
    ] {
        assert!(messages.contains(&EngineMessage::Checkmate(reply)));
    }
    let pv = infos(&messages)[4].resolve_pv(&Position::startpos());
    assert_eq!(pv.moves.len(), 6);
}

#[test]
fn gui_commands() {
    let text = data("gui-commands.txt");
    let commands: Vec<GuiCommand> = text
        .lines()
        .map(|line| {
            let cmd: GuiCommand = line.parse().unwrap_or_else(|e| panic!("{line:?}: {e}"));
            assert_eq!(
                cmd.to_string().parse::<GuiCommand>().unwrap(),
                cmd,
                "{line:?}"
            );
            cmd
        })
        .collect();
    // Every line of the file is already in its canonical form, but the one that writes `ponder`
    // first, as GUIs do.
    for (line, cmd) in text.lines().zip(&commands) {
        if line.starts_with("go ponder") {
            assert_eq!(
                cmd.to_string(),
                "go btime 60000 wtime 60000 byoyomi 10000 ponder"
            );
        } else {
            assert_eq!(cmd.to_string(), line);
        }
    }
    assert!(!commands.iter().any(|c| matches!(c, GuiCommand::Unknown(_))));
    assert!(commands.contains(&GuiCommand::SetOption {
        name: "EvalDir".into(),
        value: Some(r"C:\Program Files\engine\eval".into()),
    }));
    assert!(commands.contains(&GuiCommand::SetOption {
        name: "Clear Hash".into(),
        value: None
    }));
    assert!(commands.contains(&GuiCommand::SetOption {
        name: "SyzygyPath".into(),
        value: Some(String::new()),
    }));
    assert!(commands.contains(&GuiCommand::GameOver(GameResult::Draw)));
    assert!(commands.contains(&GuiCommand::Go(GoParams {
        mate: Some(MateLimit::Infinite),
        ..GoParams::default()
    })));
    let positions: Vec<&GuiPosition> = commands
        .iter()
        .filter_map(|c| match c {
            GuiCommand::Position(p) => Some(p),
            _ => None,
        })
        .collect();
    assert_eq!(positions[0].start, PositionStart::Startpos);
    let last = positions.last().unwrap();
    assert_eq!(last.replay().unwrap().moves.len(), 2);
    assert_eq!(last.to_game(RuleSet::default()).unwrap().moves().len(), 2);
}

#[test]
fn canonical_forms() {
    let engine = [
        ("  usiok  ", "usiok"),
        ("id  name  Engine   X ", "id name Engine   X"),
        ("info string", "info string"),
        ("info pv", "info pv"),
        (
            "info  score  cp +5  depth 3 foo bar  baz",
            "info foo bar baz depth 3 score cp 5",
        ),
        (
            "info score mate +3 upperbound",
            "info score mate 3 upperbound",
        ),
        ("info depth 1 depth 2", "info depth 2"),
        ("info pv 7g7f string  a  b ", "info pv 7g7f string a  b"),
        (
            "option  name  Eval  Dir type string default  my  eval ",
            "option name Eval Dir type string default my eval",
        ),
        (
            "option name X type string default",
            "option name X type string default <empty>",
        ),
        (
            "option name X type combo var a var  b  c",
            "option name X type combo var a var b c",
        ),
        (
            "option name X type spin max 3 min 1",
            "option name X type spin min 1 max 3",
        ),
        (
            "bestmove  8h2b+  ponder  3a2b",
            "bestmove 8h2b+ ponder 3a2b",
        ),
        ("id version 2", "id version 2"),
        ("\tcopyprotection ok", "copyprotection ok"),
    ];
    for (line, canonical) in engine {
        let msg: EngineMessage = line.parse().unwrap_or_else(|e| panic!("{line:?}: {e}"));
        assert_eq!(msg.to_string(), canonical, "{line:?}");
        assert_eq!(canonical.parse::<EngineMessage>().unwrap(), msg);
    }
    let gui = [
        (
            "go  infinite btime 1 searchmoves 7g7f",
            "go searchmoves 7g7f btime 1 infinite",
        ),
        ("go mate", ""),
        (
            "setoption name A B value  x  y ",
            "setoption name A B value x  y",
        ),
        ("setoption name A value", "setoption name A value <empty>"),
        ("position   startpos  moves", "position startpos"),
        (
            "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 0",
            "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 0",
        ),
    ];
    for (line, canonical) in gui {
        match line.parse::<GuiCommand>() {
            Ok(cmd) => {
                assert_eq!(cmd.to_string(), canonical, "{line:?}");
                assert_eq!(canonical.parse::<GuiCommand>().unwrap(), cmd);
            }
            Err(e) => assert!(canonical.is_empty(), "{line:?}: {e}"),
        }
    }
}

#[test]
fn malformed_lines_name_the_field_and_column() {
    use UsiMessageError as E;
    let bad_number = |field, column, found: &str| E::BadNumber {
        field,
        column,
        found: found.into(),
    };
    let engine = [
        ("", E::Empty),
        ("   ", E::Empty),
        ("info depth x", bad_number(UsiField::Depth, 12, "x")),
        (
            "info depth",
            E::MissingValue {
                field: UsiField::Depth,
                column: 11,
            },
        ),
        ("info depth -1", bad_number(UsiField::Depth, 12, "-1")),
        (
            "info nodes 99999999999999999999",
            bad_number(UsiField::Nodes, 12, "99999999999999999999"),
        ),
        (
            "info score cp",
            E::MissingValue {
                field: UsiField::Score,
                column: 14,
            },
        ),
        ("info score cp x", bad_number(UsiField::Score, 15, "x")),
        ("info score mate ++", bad_number(UsiField::Score, 17, "++")),
        (
            "info score 100",
            E::BadWord {
                field: UsiField::Score,
                column: 12,
                found: "100".into(),
            },
        ),
        (
            "info depth 3 pv 7g7f 3c3x",
            E::BadMove {
                field: UsiField::Pv,
                column: 22,
                source: ParseUsiMoveError::BadSquare { column: 3 },
            },
        ),
        (
            "info currmove resign",
            E::BadMove {
                field: UsiField::CurrMove,
                column: 15,
                source: ParseUsiMoveError::BadLength(6),
            },
        ),
        (
            "bestmove",
            E::MissingValue {
                field: UsiField::BestMove,
                column: 9,
            },
        ),
        (
            "bestmove 7g7f ponder",
            E::MissingValue {
                field: UsiField::Ponder,
                column: 21,
            },
        ),
        (
            "bestmove 7g7f 3c3d",
            E::Unexpected {
                field: UsiField::BestMove,
                column: 15,
                found: "3c3d".into(),
            },
        ),
        (
            "bestmove resign ponder 3c3d",
            E::Unexpected {
                field: UsiField::BestMove,
                column: 17,
                found: "ponder".into(),
            },
        ),
        (
            "checkmate",
            E::MissingValue {
                field: UsiField::Checkmate,
                column: 10,
            },
        ),
        (
            "usiok now",
            E::Unexpected {
                field: UsiField::Command,
                column: 7,
                found: "now".into(),
            },
        ),
        (
            "id",
            E::MissingValue {
                field: UsiField::Id,
                column: 3,
            },
        ),
        (
            "option name X",
            E::MissingValue {
                field: UsiField::Type,
                column: 14,
            },
        ),
        (
            "option name type spin",
            E::MissingValue {
                field: UsiField::Name,
                column: 13,
            },
        ),
        (
            "option type spin",
            E::BadWord {
                field: UsiField::Name,
                column: 8,
                found: "type".into(),
            },
        ),
        (
            "option name X type int",
            E::BadWord {
                field: UsiField::Type,
                column: 20,
                found: "int".into(),
            },
        ),
        (
            "option name X type check default yes",
            E::BadWord {
                field: UsiField::Default,
                column: 34,
                found: "yes".into(),
            },
        ),
        (
            "option name X type spin min a",
            bad_number(UsiField::Min, 29, "a"),
        ),
        (
            "option name X type button default 1",
            E::Unexpected {
                field: UsiField::Type,
                column: 27,
                found: "default".into(),
            },
        ),
        (
            "option name X type spin foo 1",
            E::Unexpected {
                field: UsiField::Type,
                column: 25,
                found: "foo".into(),
            },
        ),
    ];
    for (line, error) in engine {
        assert_eq!(line.parse::<EngineMessage>(), Err(error), "{line:?}");
    }
    let gui = [
        ("go btime x", bad_number(UsiField::BTime, 10, "x")),
        (
            "go mate",
            E::MissingValue {
                field: UsiField::Mate,
                column: 8,
            },
        ),
        (
            "gameover",
            E::MissingValue {
                field: UsiField::GameOver,
                column: 9,
            },
        ),
        (
            "gameover won",
            E::BadWord {
                field: UsiField::GameOver,
                column: 10,
                found: "won".into(),
            },
        ),
        (
            "quit now",
            E::Unexpected {
                field: UsiField::Command,
                column: 6,
                found: "now".into(),
            },
        ),
        (
            "setoption value 1",
            E::BadWord {
                field: UsiField::Name,
                column: 11,
                found: "value".into(),
            },
        ),
        (
            "setoption name value 1",
            E::MissingValue {
                field: UsiField::Name,
                column: 16,
            },
        ),
    ];
    for (line, error) in gui {
        assert_eq!(line.parse::<GuiCommand>(), Err(error), "{line:?}");
    }
    assert!(matches!(
        "position moves 7g7f".parse::<GuiCommand>(),
        Err(E::Position(
            shogi_rules::usi::UsiCommandError::MissingStart { column: 10 }
        ))
    ));
    assert!(matches!(
        "position startpos moves 7g7f x".parse::<GuiCommand>(),
        Err(E::Position(shogi_rules::usi::UsiCommandError::BadMove {
            ply: 2,
            column: 30,
            ..
        }))
    ));
    // Legality is checked only when the command is replayed.
    let GuiCommand::Position(p) = "position startpos moves 7g7f 7g7f".parse().unwrap() else {
        panic!("a position");
    };
    assert!(matches!(
        p.replay(),
        Err(shogi_rules::usi::UsiCommandError::IllegalMove {
            ply: 2,
            column: 30,
            ..
        })
    ));
    for e in UsiMessageError::examples() {
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn illegal_moves_of_a_line_are_reported() {
    let start = Position::startpos();
    let line = resolve_line(&start, &moves("7g7f 3c3d 8h2b+ 3a2b P*5e"));
    assert_eq!(line.moves.len(), 4);
    let illegal = line.illegal.unwrap();
    assert_eq!(illegal.index, 4);
    assert_eq!(illegal.text, "P*5e");
    assert_eq!(illegal.source.reason, IllegalReason::NotInHand);
    assert_eq!(line.position.move_number(), 5);

    let best = BestMove::Move {
        best: "7g7f".parse().unwrap(),
        ponder: Some("7g7f".parse().unwrap()),
    };
    let resolved = best.resolve(&start);
    assert_eq!(
        (resolved.moves.len(), resolved.illegal.unwrap().index),
        (1, 1)
    );
    assert!(BestMove::Resign.resolve(&start).moves.is_empty());
    assert!(Info::default().resolve_pv(&start).is_complete());
}

#[test]
fn scores_order_from_the_movers_point_of_view() {
    use Score::{Cp, Mate, MateUnknown};
    let ascending = [
        Mate(0),
        Mate(-1),
        Mate(-2),
        Mate(i32::MIN),
        MateUnknown(MateSign::Minus),
        Cp(i32::MIN),
        Cp(-100),
        Cp(0),
        Cp(i32::MAX),
        MateUnknown(MateSign::Plus),
        Mate(i32::MAX),
        Mate(3),
        Mate(1),
    ];
    for pair in ascending.windows(2) {
        assert!(pair[0] < pair[1], "{:?} < {:?}", pair[0], pair[1]);
    }
    assert!(Mate(5).is_mate() && !Cp(5).is_mate());
}

#[test]
fn long_lines_are_read_in_linear_time() {
    let pv = "7g7f ".repeat(100_000);
    let msg: EngineMessage = format!("info depth 1 pv {pv}").parse().unwrap();
    let EngineMessage::Info(info) = msg else {
        panic!("info")
    };
    assert_eq!(info.pv.unwrap().len(), 100_000);
    let unknown = "a ".repeat(100_000);
    let EngineMessage::Info(info) = format!("info {unknown}").parse().unwrap() else {
        panic!("info")
    };
    assert_eq!(info.extra.len(), 1);
    let keys = "x ".repeat(50_000) + &"depth 1 ".repeat(50_000);
    assert!(format!("go {keys}").parse::<GuiCommand>().is_ok());
    let name = "n ".repeat(100_000);
    assert!(
        format!("option name {name} type string default {name}")
            .parse::<EngineMessage>()
            .is_ok()
    );
}
