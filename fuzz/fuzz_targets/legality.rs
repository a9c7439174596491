//! Fuzz target `legality`: pins down that the single-move legality check agrees exactly with the
//! legal move list, and that `play_unchecked` followed by `undo` restores a position exactly.
//!
//! From one of the fixed valid positions, the input plays up to [`MAX_PLIES`] legal moves (each
//! chosen by an index into the legal list), then names a candidate move, either any `UsiMove` or
//! a legal move, possibly with one field changed, so that near-misses (nifu, uchifuzume, missing or forced
//! promotion, wrong piece in hand) are common. `to_move` must succeed iff the candidate is in the
//! list, and `is_legal` must accept exactly the listed moves. A `Game` replaying the playout must
//! accept the same moves (each legal move played and taken back in turn, the candidate as USI
//! text and as a `Move` described from the board) and record exactly which gave check.

#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use shogi_rules::{Game, Move, Position, Role, RuleSet, Square, UsiMove};
use shogi_rules_fuzz::{position, usi_of};

/// The longest playout an input can ask for.
const MAX_PLIES: usize = 48;

#[derive(Debug, Arbitrary)]
struct Input {
    start: u8,
    choices: Vec<u16>,
    candidate: Candidate,
}

#[derive(Debug, Arbitrary)]
enum Candidate {
    /// Any syntactically valid move.
    Any(UsiMove),
    /// A legal move (picked by index), possibly with one field changed.
    Tweaked { index: u16, tweak: Tweak },
}

#[derive(Debug, Arbitrary)]
enum Tweak {
    Keep,
    TogglePromotion,
    To(Square),
    From(Square),
    DropRole(Role),
}

fn tweaked(base: UsiMove, tweak: Tweak) -> UsiMove {
    match (base, tweak) {
        (_, Tweak::Keep) => base,
        (UsiMove::Normal { from, to, promote }, Tweak::TogglePromotion) => UsiMove::Normal {
            from,
            to,
            promote: !promote,
        },
        (UsiMove::Normal { from, promote, .. }, Tweak::To(to)) => {
            UsiMove::Normal { from, to, promote }
        }
        (UsiMove::Normal { to, promote, .. }, Tweak::From(from)) => {
            UsiMove::Normal { from, to, promote }
        }
        (UsiMove::Normal { to, .. }, Tweak::DropRole(role)) => UsiMove::Drop { role, to },
        // A drop cannot promote: turn it into a null "move" from its square to itself.
        (UsiMove::Drop { to, .. }, Tweak::TogglePromotion) => UsiMove::Normal {
            from: to,
            to,
            promote: true,
        },
        (UsiMove::Drop { role, .. }, Tweak::To(to)) => UsiMove::Drop { role, to },
        (UsiMove::Drop { to, .. }, Tweak::From(from)) => UsiMove::Normal {
            from,
            to,
            promote: false,
        },
        (UsiMove::Drop { to, .. }, Tweak::DropRole(role)) => UsiMove::Drop { role, to },
    }
}

/// Checks every legal move with `is_legal`, plays it and undoes it: the position must come back
/// exactly.
fn check_play_undo(pos: &Position, legal: &[Move]) {
    let mut scratch = pos.clone();
    for &m in legal {
        assert!(pos.is_legal(m), "listed move {m} is not is_legal at {pos}");
        scratch.play_unchecked(m);
        scratch.undo(m);
        assert!(scratch == *pos, "{pos} + {m} then undo gives {scratch}");
        assert_eq!(
            scratch.zobrist(),
            pos.zobrist(),
            "{pos} + {m} then undo: Zobrist key"
        );
    }
}

/// `to_move` accepts `candidate` iff it names a listed move, and then resolves it to that move.
fn check_candidate(pos: &Position, legal: &[Move], candidate: UsiMove) {
    let listed = legal.iter().copied().find(|&m| usi_of(m) == candidate);
    let resolved = pos.to_move(candidate);
    assert_eq!(
        resolved.as_ref().ok().copied(),
        listed,
        "to_move({candidate:?}) = {resolved:?} at {pos}, but the legal list has {listed:?}"
    );
    assert_eq!(
        pos.illegal_reason(candidate),
        resolved.as_ref().err().map(|e| e.reason()),
        "illegal_reason({candidate:?}) disagrees with to_move at {pos}"
    );
    if let Ok(m) = resolved {
        assert!(
            pos.is_legal(m),
            "to_move({candidate:?}) = {m:?} but is_legal says no at {pos}"
        );
    }
}

/// The move `usi` would be with the roles standing on its squares, if a piece stands on its origin.
fn described(pos: &Position, usi: UsiMove) -> Option<Move> {
    match usi {
        UsiMove::Drop { role, to } => Some(Move::drop(role, to)),
        UsiMove::Normal { from, to, promote } => pos
            .piece_at(from)
            .map(|p| Move::normal(p.role, from, to, pos.piece_at(to).map(|q| q.role), promote)),
    }
}

/// A game that replays `played` from `start` to `pos` accepts exactly the moves `pos` allows,
/// and each move's check is that of the position it leads to.
fn check_game(
    start: &Position,
    played: &[Move],
    pos: &Position,
    legal: &[Move],
    candidate: Option<UsiMove>,
) {
    let mut game = Game::from_position(start.clone(), RuleSet::site());
    let gave_check = |game: &Game| {
        let ply = game.history().last().expect("a move was played");
        assert_eq!(
            ply.gave_check,
            game.position().in_check(),
            "check by {} recorded wrongly in {}",
            ply.mv,
            game.to_usi()
        );
    };
    for &m in played {
        if game.outcome().is_some() {
            return;
        }
        if let Err(e) = game.play(m) {
            panic!("the game refuses the legal {m}: {e} ({})", game.to_usi());
        }
        gave_check(&game);
    }
    if game.outcome().is_some() {
        return;
    }
    // One after another in the same position, as a search tries them.
    for &m in legal {
        if let Err(e) = game.play(m) {
            panic!("the game refuses the legal {m}: {e} ({})", game.to_usi());
        }
        gave_check(&game);
        assert_eq!(game.undo().ok(), Some(m));
    }
    let Some(candidate) = candidate else { return };
    // (The text of a drop of a promoted role names the unpromoted one.)
    let text = candidate.to_string();
    let expected = text
        .parse::<UsiMove>()
        .ok()
        .and_then(|usi| pos.to_move(usi).ok());
    match game.play_usi(&text) {
        Ok(_) => {
            assert_eq!(game.moves().last().copied(), expected, "{text} at {pos}");
            gave_check(&game);
            let _ = game.undo();
        }
        Err(_) => assert_eq!(expected, None, "the game refuses {text} at {pos}"),
    }
    if let Some(m) = described(pos, candidate) {
        let accepted = game.play(m).is_ok();
        assert_eq!(accepted, pos.is_legal(m), "{m:?} at {pos}");
        if accepted {
            gave_check(&game);
            let _ = game.undo();
        }
    }
}

fuzz_target!(|input: Input| {
    let start = position(usize::from(input.start));
    let mut pos = start.clone();
    let mut played = Vec::new();
    for &choice in input.choices.iter().take(MAX_PLIES) {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(choice) % legal.len()];
        pos.play_unchecked(m);
        played.push(m);
    }

    let legal = pos.legal_moves();
    let candidate = match input.candidate {
        Candidate::Any(usi) => Some(usi),
        Candidate::Tweaked { .. } if legal.is_empty() => None,
        Candidate::Tweaked { index, tweak } => Some(tweaked(
            usi_of(legal[usize::from(index) % legal.len()]),
            tweak,
        )),
    };
    if let Some(candidate) = candidate {
        check_candidate(&pos, &legal, candidate);
    }
    check_game(&start, &played, &pos, &legal, candidate);

    check_play_undo(&pos, &legal);

    // Undoing the whole playout leads back to the start.
    for &m in played.iter().rev() {
        pos.undo(m);
    }
    assert!(pos == start, "undoing {played:?} gives {pos}");
    assert_eq!(
        pos.zobrist(),
        start.zobrist(),
        "undoing {played:?}: Zobrist key"
    );
});
