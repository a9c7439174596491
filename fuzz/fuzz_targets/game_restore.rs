//! Fuzz target `game_restore`: a `Game` saved as JSON and restored is the same game.
//!
//! From one of the fixed positions, under arbitrary rules, the input plays legal moves (by
//! index) mixed with every other action a game takes: timed moves and clock checks with
//! elapsed times up to `Duration::MAX`, undo, resignation, flag, interruption, draw offers and
//! answers, impasse declarations and stated outcomes. After each action the game is saved with
//! `serde_json::to_string` and restored: the restored game must equal the original (start,
//! moves, rules, outcome, clocks, draw offers), have the same position and give the same
//! answer to the next action. Then the saved JSON is mutated (fields set to arbitrary values:
//! outcome, winner, termination, draw offers, clock settings and sides, rules, moves, start)
//! and fed to `serde_json::from_str::<Game>`, which must not panic; a game it accepts must
//! survive the same actions without panicking and restore to itself.

#![no_main]

use std::time::Duration;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use shogi_rules::{ClockSettings, Color, Game, ImpasseRule, Outcome, RuleSet, Termination};
use shogi_rules_fuzz::position;

#[derive(Debug, Arbitrary)]
struct Input {
    start: u8,
    rules: Rules,
    actions: Vec<Action>,
    mutations: Vec<Mutation>,
}

#[derive(Debug, Arbitrary)]
struct Rules {
    impasse: u8,
    repetitions: u8,
    perpetual_check_loses: bool,
    move_limit: u16,
    draw_offers: u8,
    invalid_declaration_loses: bool,
    clock: Option<(Elapsed, Elapsed, u8)>,
}

impl Rules {
    fn rules(&self) -> RuleSet {
        let mut rules = RuleSet::site();
        rules.impasse = match self.impasse % 4 {
            0 => ImpasseRule::Points24,
            1 => ImpasseRule::Csa27Declaration,
            2 => ImpasseRule::TryRule,
            _ => ImpasseRule::Disabled,
        };
        rules.repetitions = u32::from(self.repetitions);
        rules.perpetual_check_loses = self.perpetual_check_loses;
        rules.move_limit = u32::from(self.move_limit);
        rules.draw_offers = u32::from(self.draw_offers);
        rules.invalid_declaration_loses = self.invalid_declaration_loses;
        rules.clock = self.clock.map(|(main, byoyomi, periods)| ClockSettings {
            main_time: main.duration(),
            byoyomi: byoyomi.duration(),
            periods: u32::from(periods),
            increment: Duration::ZERO,
        });
        rules
    }
}

#[derive(Debug, Arbitrary, Clone, Copy)]
enum Elapsed {
    Zero,
    Millis(u32),
    Secs(u64),
    Max,
}

impl Elapsed {
    fn duration(self) -> Duration {
        match self {
            Elapsed::Zero => Duration::ZERO,
            Elapsed::Millis(ms) => Duration::from_millis(u64::from(ms)),
            Elapsed::Secs(s) => Duration::from_secs(s),
            Elapsed::Max => Duration::MAX,
        }
    }
}

const TERMINATIONS: [Termination; 12] = Termination::ALL;

#[derive(Debug, Arbitrary, Clone, Copy)]
enum Action {
    Play(u16),
    PlayTimed(u16, Elapsed),
    CheckTime(Elapsed),
    Undo,
    Resign(Color),
    Flag(Color),
    Interrupt,
    OfferDraw(Color),
    AcceptDraw(Color),
    DeclineDraw(Color),
    Declare,
    Stated(Option<Color>, u8),
}

/// Applies `action`; the answer, as text, to compare between two games.
fn apply(game: &mut Game, action: Action) -> String {
    let pick = |game: &Game, i: u16| {
        let legal = game.legal_moves();
        (!legal.is_empty()).then(|| legal[usize::from(i) % legal.len()])
    };
    match action {
        Action::Play(i) => match pick(game, i) {
            Some(m) => format!("{:?}", game.play(m)),
            None => "no move".into(),
        },
        Action::PlayTimed(i, e) => match pick(game, i) {
            Some(m) => format!("{:?}", game.play_timed(m, e.duration())),
            None => "no move".into(),
        },
        Action::CheckTime(e) => format!("{:?}", game.check_time(e.duration())),
        Action::Undo => format!("{:?}", game.undo()),
        Action::Resign(c) => format!("{:?}", game.resign(c)),
        Action::Flag(c) => format!("{:?}", game.flag(c)),
        Action::Interrupt => format!("{:?}", game.interrupt()),
        Action::OfferDraw(c) => format!("{:?}", game.offer_draw(c)),
        Action::AcceptDraw(c) => format!("{:?}", game.accept_draw(c)),
        Action::DeclineDraw(c) => format!("{:?}", game.decline_draw(c)),
        Action::Declare => format!("{:?}", game.declare_impasse()),
        Action::Stated(winner, t) => {
            let outcome = Outcome {
                winner,
                termination: TERMINATIONS[usize::from(t) % TERMINATIONS.len()],
            };
            format!("{:?}", game.set_stated_outcome(outcome))
        }
    }
}

/// The observable state of a game, to compare a game with its restored copy.
fn state(game: &Game) -> String {
    format!(
        "{:?} {} {:?} {:?} {:?} {:?} {} {:?}",
        game.moves(),
        game.position().to_sfen(),
        game.outcome(),
        game.clock(),
        game.draw_offer(),
        [
            game.draw_offers_made(Color::Sente),
            game.draw_offers_made(Color::Gote)
        ],
        game.repetition_count(),
        game.impasse_status(),
    )
}

fn restore(json: &str) -> Game {
    serde_json::from_str(json)
        .unwrap_or_else(|e| panic!("a saved game does not restore: {e}\n{json}"))
}

/// Where in the saved JSON a mutation writes.
const FIELDS: [&str; 26] = [
    "outcome",
    "outcome/winner",
    "outcome/termination",
    "draw_offer",
    "draw_offers_made",
    "draw_offers_made/0",
    "draw_offers_made/1",
    "clock",
    "clock/settings/main_time/secs",
    "clock/settings/byoyomi/nanos",
    "clock/settings/periods",
    "clock/sides/0/main/secs",
    "clock/sides/0/main/nanos",
    "clock/sides/0/periods",
    "clock/sides/1/timed_out",
    "rules",
    "rules/clock",
    "rules/clock/periods",
    "rules/clock/main_time/secs",
    "rules/repetitions",
    "rules/move_limit",
    "rules/draw_offers",
    "rules/impasse",
    "moves",
    "moves/0",
    "start",
];

/// Strings that mean something somewhere in a saved game.
const WORDS: [&str; 18] = [
    "sente",
    "gote",
    "checkmate",
    "resignation",
    "timeout",
    "draw_agreement",
    "impasse_declaration",
    "interrupted",
    "illegal_move",
    "move_limit",
    "points24",
    "try_rule",
    "disabled",
    "7g7f",
    "8h2b+",
    "P*5e",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
];

#[derive(Debug, Arbitrary)]
struct Mutation {
    field: u8,
    value: NewValue,
}

#[derive(Debug, Arbitrary)]
enum NewValue {
    Null,
    Bool(bool),
    Int(i64),
    UInt(u64),
    Float(f64),
    Word(u8),
    Text(String),
    Numbers(Vec<u64>),
    Words(Vec<u8>),
    Outcome(Option<Color>, u8),
    Empty,
}

impl NewValue {
    fn json(&self) -> Value {
        match self {
            NewValue::Null => Value::Null,
            NewValue::Bool(b) => Value::from(*b),
            NewValue::Int(i) => Value::from(*i),
            NewValue::UInt(u) => Value::from(*u),
            NewValue::Float(f) => Value::from(*f),
            NewValue::Word(w) => Value::from(WORDS[usize::from(*w) % WORDS.len()]),
            NewValue::Text(s) => Value::from(s.as_str()),
            NewValue::Numbers(n) => Value::from(n.clone()),
            NewValue::Words(w) => Value::from(
                w.iter()
                    .map(|&w| WORDS[usize::from(w) % WORDS.len()])
                    .collect::<Vec<_>>(),
            ),
            NewValue::Outcome(winner, t) => serde_json::to_value(Outcome {
                winner: *winner,
                termination: TERMINATIONS[usize::from(*t) % TERMINATIONS.len()],
            })
            .expect("an outcome serializes"),
            NewValue::Empty => Value::Object(serde_json::Map::new()),
        }
    }
}

/// Sets the field at `path` (segments separated by `/`) to `new`, making objects and array
/// slots on the way.
fn set(root: &mut Value, path: &str, new: Value) {
    let mut at = root;
    for segment in path.split('/') {
        at = match at {
            Value::Array(items) => match segment.parse::<usize>() {
                Ok(i) => {
                    if i >= items.len() {
                        items.push(Value::Null);
                    }
                    let last = items.len() - 1;
                    &mut items[i.min(last)]
                }
                Err(_) => return,
            },
            Value::Object(map) => map.entry(segment).or_insert(Value::Null),
            other => {
                *other = Value::Object(serde_json::Map::new());
                match other {
                    Value::Object(map) => map.entry(segment).or_insert(Value::Null),
                    _ => unreachable!(),
                }
            }
        };
    }
    *at = new;
}

const MAX_ACTIONS: usize = 96;

fuzz_target!(|input: Input| {
    let rules = input.rules.rules();
    let mut game = Game::from_position(position(usize::from(input.start)), rules);
    let mut json = serde_json::to_string(&game).expect("a game saves");
    let mut restored = restore(&json);
    for &action in input.actions.iter().take(MAX_ACTIONS) {
        assert_eq!(restored, game, "restored from {json}");
        assert_eq!(state(&restored), state(&game), "restored from {json}");
        let answer = apply(&mut game, action);
        let restored_answer = apply(&mut restored, action);
        assert_eq!(
            restored_answer, answer,
            "{action:?} answers differently after restoring {json}"
        );
        json = serde_json::to_string(&game).expect("a game saves");
        restored = restore(&json);
    }
    assert_eq!(restored, game, "restored from {json}");
    assert_eq!(state(&restored), state(&game), "restored from {json}");

    if input.mutations.is_empty() {
        return;
    }
    let mut value: Value = serde_json::from_str(&json).expect("saved JSON parses");
    for m in input.mutations.iter().take(8) {
        set(
            &mut value,
            FIELDS[usize::from(m.field) % FIELDS.len()],
            m.value.json(),
        );
    }
    let mutated = value.to_string();
    let Ok(mut accepted) = serde_json::from_str::<Game>(&mutated) else {
        return;
    };
    let _ = state(&accepted);
    let again = serde_json::to_string(&accepted).expect("a game saves");
    assert_eq!(
        restore(&again),
        accepted,
        "a game restored from {mutated} does not restore to itself: {again}"
    );
    for &action in input.actions.iter().take(MAX_ACTIONS) {
        let _ = apply(&mut accepted, action);
        let _ = state(&accepted);
    }
});
