//! The USI protocol's messages, random ones written and read back: `parse(format(msg)) == msg`
//! for both directions, and any line read writes a canonical form that reads back to the same
//! message.

use proptest::prelude::*;
use shogi_rules::usi::{
    BestMove, CheckmateReply, EngineMessage, GameResult, GoParams, GuiCommand, GuiPosition, Info,
    InfoScore, MateLimit, MateSign, PositionStart, Score, ScoreBound, UsiOption, UsiOptionKind,
};
use shogi_rules::{Position, Role, Square, UsiMove};

// Random messages written and read back.

/// Every keyword of the protocol: the random words avoid them.
const KEYWORDS: &[&str] = &[
    "id",
    "name",
    "author",
    "option",
    "type",
    "default",
    "min",
    "max",
    "var",
    "usiok",
    "readyok",
    "info",
    "depth",
    "seldepth",
    "time",
    "nodes",
    "nps",
    "hashfull",
    "multipv",
    "currmove",
    "score",
    "cp",
    "mate",
    "lowerbound",
    "upperbound",
    "pv",
    "string",
    "bestmove",
    "ponder",
    "checkmate",
    "usi",
    "isready",
    "setoption",
    "value",
    "usinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "gameover",
    "quit",
    "btime",
    "wtime",
    "byoyomi",
    "binc",
    "winc",
    "infinite",
    "movetime",
    "check",
    "spin",
    "combo",
    "button",
    "filename",
    "true",
    "false",
];

fn word() -> impl Strategy<Value = String> {
    "[a-zA-Z_][a-zA-Z0-9_.:/\\\\-]{0,7}".prop_filter("a keyword", |w| {
        !KEYWORDS.contains(&w.as_str()) && w != "<empty>"
    })
}

fn words(min: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(word(), min..4).prop_map(|w| w.join(" "))
}

/// Text that keeps its spacing: words separated by one or two spaces.
fn spaced_text() -> impl Strategy<Value = String> {
    prop::collection::vec((word(), prop::bool::ANY), 1..4).prop_map(|ws| {
        let mut out = String::new();
        for (i, (w, wide)) in ws.into_iter().enumerate() {
            if i > 0 {
                out.push_str(if wide { "  " } else { " " });
            }
            out.push_str(&w);
        }
        out
    })
}

fn square() -> impl Strategy<Value = Square> {
    (0u8..81).prop_map(|i| Square::from_index(i).unwrap())
}

fn usi_move() -> impl Strategy<Value = UsiMove> {
    let hand = [
        Role::Pawn,
        Role::Lance,
        Role::Knight,
        Role::Silver,
        Role::Gold,
        Role::Bishop,
        Role::Rook,
    ];
    prop_oneof![
        (square(), square(), prop::bool::ANY).prop_map(|(from, to, promote)| UsiMove::Normal {
            from,
            to,
            promote
        }),
        (prop::sample::select(hand.to_vec()), square())
            .prop_map(|(role, to)| UsiMove::Drop { role, to }),
    ]
}

fn score() -> impl Strategy<Value = InfoScore> {
    let score = prop_oneof![
        any::<i32>().prop_map(Score::Cp),
        any::<i32>().prop_map(Score::Mate),
        Just(Score::MateUnknown(MateSign::Plus)),
        Just(Score::MateUnknown(MateSign::Minus)),
    ];
    let bound = prop::sample::select(vec![
        ScoreBound::Exact,
        ScoreBound::Lower,
        ScoreBound::Upper,
    ]);
    (score, bound).prop_map(|(score, bound)| InfoScore { score, bound })
}

fn extra() -> impl Strategy<Value = Vec<(String, String)>> {
    prop::collection::vec((word(), prop_oneof![Just(String::new()), words(1)]), 0..3)
}

/// `extra` cut to what a message with `known` known fields can hold: the
/// unknown fields are written one before the known fields and one after
/// each, and two unknown fields written side by side read back as one
/// (`info a a` is the one field `a a`), so a message with more is not one
/// that reading can give.
fn fitted(mut extra: Vec<(String, String)>, known: usize) -> Vec<(String, String)> {
    extra.truncate(known + 1);
    extra
}

fn info() -> impl Strategy<Value = Info> {
    (
        (
            prop::option::of(any::<u32>()),
            prop::option::of(any::<u32>()),
            prop::option::of(any::<u64>()),
            prop::option::of(any::<u64>()),
            prop::option::of(any::<u64>()),
            prop::option::of(any::<u32>()),
            prop::option::of(any::<u32>()),
        ),
        prop::option::of(usi_move()),
        prop::option::of(score()),
        prop::option::of(prop::collection::vec(usi_move(), 0..5)),
        prop::option::of(prop_oneof![Just(String::new()), spaced_text()]),
        extra(),
    )
        .prop_map(
            |(
                (depth, seldepth, time_ms, nodes, nps, hashfull, multipv),
                currmove,
                score,
                pv,
                string,
                extra,
            )| Info {
                extra: fitted(
                    extra,
                    [depth, seldepth, hashfull, multipv]
                        .iter()
                        .filter(|v| v.is_some())
                        .count()
                        + [time_ms, nodes, nps].iter().filter(|v| v.is_some()).count()
                        + usize::from(currmove.is_some())
                        + usize::from(score.is_some()),
                ),
                depth,
                seldepth,
                time_ms,
                nodes,
                nps,
                hashfull,
                multipv,
                currmove,
                score,
                pv,
                string,
            },
        )
}

fn text_default() -> impl Strategy<Value = Option<String>> {
    prop::option::of(prop_oneof![Just(String::new()), words(1)])
}

fn option_kind() -> impl Strategy<Value = UsiOptionKind> {
    prop_oneof![
        prop::option::of(any::<bool>()).prop_map(|default| UsiOptionKind::Check { default }),
        (
            prop::option::of(any::<i64>()),
            prop::option::of(any::<i64>()),
            prop::option::of(any::<i64>())
        )
            .prop_map(|(default, min, max)| UsiOptionKind::Spin { default, min, max }),
        (
            text_default(),
            prop::collection::vec(prop_oneof![Just(String::new()), words(1)], 0..4)
        )
            .prop_map(|(default, vars)| UsiOptionKind::Combo { default, vars }),
        Just(UsiOptionKind::Button),
        text_default().prop_map(|default| UsiOptionKind::String { default }),
        text_default().prop_map(|default| UsiOptionKind::Filename { default }),
    ]
}

fn engine_message() -> impl Strategy<Value = EngineMessage> {
    prop_oneof![
        prop_oneof![Just(String::new()), spaced_text()].prop_map(EngineMessage::IdName),
        spaced_text().prop_map(EngineMessage::IdAuthor),
        (words(1), option_kind())
            .prop_map(|(name, kind)| EngineMessage::Option(UsiOption { name, kind })),
        Just(EngineMessage::UsiOk),
        Just(EngineMessage::ReadyOk),
        info().prop_map(EngineMessage::Info),
        (usi_move(), prop::option::of(usi_move()))
            .prop_map(|(best, ponder)| EngineMessage::BestMove(BestMove::Move { best, ponder })),
        Just(EngineMessage::BestMove(BestMove::Resign)),
        Just(EngineMessage::BestMove(BestMove::Win)),
        prop::collection::vec(usi_move(), 1..5)
            .prop_map(|m| EngineMessage::Checkmate(CheckmateReply::Mate(m))),
        prop::sample::select(vec![
            CheckmateReply::NoMate,
            CheckmateReply::Timeout,
            CheckmateReply::NotImplemented
        ])
        .prop_map(EngineMessage::Checkmate),
        spaced_text().prop_map(EngineMessage::Unknown),
    ]
}

fn go() -> impl Strategy<Value = GoParams> {
    let ms = || prop::option::of(any::<u64>());
    (
        (ms(), ms(), ms(), ms(), ms()),
        (any::<bool>(), any::<bool>()),
        prop::option::of(prop_oneof![
            any::<u64>().prop_map(MateLimit::Millis),
            Just(MateLimit::Infinite)
        ]),
        (prop::option::of(any::<u32>()), ms(), ms()),
        extra(),
    )
        .prop_map(
            |(
                (btime, wtime, byoyomi, binc, winc),
                (ponder, infinite),
                mate,
                (depth, nodes, movetime),
                extra,
            )| GoParams {
                extra: fitted(
                    extra,
                    [btime, wtime, byoyomi, binc, winc, nodes, movetime]
                        .iter()
                        .filter(|v| v.is_some())
                        .count()
                        + usize::from(ponder)
                        + usize::from(infinite)
                        + usize::from(mate.is_some())
                        + usize::from(depth.is_some()),
                ),
                btime,
                wtime,
                byoyomi,
                binc,
                winc,
                ponder,
                infinite,
                mate,
                depth,
                nodes,
                movetime,
            },
        )
}

fn gui_command() -> impl Strategy<Value = GuiCommand> {
    let starts = vec![
        PositionStart::Startpos,
        PositionStart::Sfen(Box::new(Position::startpos())),
        PositionStart::Sfen(Box::new(
            Position::from_sfen("8k/9/7GP/9/9/9/9/9/K8 b G 1").unwrap(),
        )),
        PositionStart::Sfen(Box::new(
            Position::from_sfen(
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
            )
            .unwrap(),
        )),
    ];
    prop_oneof![
        Just(GuiCommand::Usi),
        Just(GuiCommand::IsReady),
        (
            words(1),
            prop::option::of(prop_oneof![Just(String::new()), spaced_text()])
        )
            .prop_map(|(name, value)| GuiCommand::SetOption { name, value }),
        Just(GuiCommand::UsiNewGame),
        (
            prop::sample::select(starts),
            prop::collection::vec(usi_move(), 0..6)
        )
            .prop_map(|(start, moves)| GuiCommand::Position(GuiPosition { start, moves })),
        go().prop_map(GuiCommand::Go),
        Just(GuiCommand::Stop),
        Just(GuiCommand::PonderHit),
        prop::sample::select(GameResult::ALL.to_vec()).prop_map(GuiCommand::GameOver),
        Just(GuiCommand::Quit),
        spaced_text().prop_map(GuiCommand::Unknown),
    ]
}

proptest! {
    #[test]
    fn engine_messages_round_trip(msg in engine_message()) {
        let text = msg.to_string();
        prop_assert_eq!(text.parse::<EngineMessage>(), Ok(msg), "{}", text);
    }

    #[test]
    fn gui_commands_round_trip(cmd in gui_command()) {
        let text = cmd.to_string();
        prop_assert_eq!(text.parse::<GuiCommand>(), Ok(cmd), "{}", text);
    }

    /// Any line: reading never panics, and what is read writes a canonical form that reads back
    /// to the same message.
    #[test]
    fn any_line_is_canonical_after_one_round(line in "[ -~\t]{0,60}|((info|go|option|bestmove|checkmate|setoption|position|id) [a-z0-9 +*-]{0,40})") {
        if let Ok(msg) = line.parse::<EngineMessage>() {
            let text = msg.to_string();
            prop_assert_eq!(text.parse::<EngineMessage>(), Ok(msg));
        }
        if let Ok(cmd) = line.parse::<GuiCommand>() {
            let text = cmd.to_string();
            prop_assert_eq!(text.parse::<GuiCommand>(), Ok(cmd));
        }
    }
}
