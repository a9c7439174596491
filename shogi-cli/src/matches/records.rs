//! The records of a match's games: KIF and CSA with the engines as players,
//! times, floodgate-style evaluation comments and the ending.

use std::path::{Path, PathBuf};
use std::time::Duration;

use shogi_rules::record::{
    Comment, CommentKind, Format, GameRecord, Header, LineEnd, MoveTime, RecordMove, SpecialMove,
};
use shogi_rules::usi::Score;
use shogi_rules::{Color, ImpasseRule, Position, Termination};
use shogi_usi::matches::{MatchSettings, TimeControl};

use super::Played;

/// Writes a game as `game-NNN.kif` and `game-NNN.csa` in `dir`.
pub(super) fn write_records(
    dir: &Path,
    played: &Played,
    names: [&str; 2],
    settings: &MatchSettings,
) -> Result<(), String> {
    let record = record_of(played, names, settings);
    for format in [Format::Kif, Format::Csa] {
        let path: PathBuf = dir.join(format!(
            "game-{:03}.{}",
            played.plan.index + 1,
            format.as_str()
        ));
        let written = record
            .write(format)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        board_cli::files::write_atomically(&path, written.text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// The record of a game: the engines as players, the rules as headers,
/// each engine move with its time and its evaluation, and the ending.
fn record_of(played: &Played, names: [&str; 2], settings: &MatchSettings) -> GameRecord {
    let report = &played.report;
    let game = &report.game;
    let sente = names[played.plan.sente];
    let gote = names[1 - played.plan.sente];
    let mut record = GameRecord::new(game.start().clone());
    let rules = &settings.rules;
    let impasse = match rules.impasse {
        ImpasseRule::Csa27Declaration => "27",
        ImpasseRule::TryRule => "try",
        _ => "24",
    };
    let headers = [
        ("先手", sente.to_string()),
        ("後手", gote.to_string()),
        ("棋戦", "shogi match".to_string()),
        ("持ち時間", describe_time(settings.time)),
        ("最大手数", rules.move_limit.to_string()),
        ("持将棋", impasse.to_string()),
    ];
    for (name, value) in headers {
        if let Some(header) = Header::new(name, &value) {
            record.set_header(header);
        }
    }
    let all = game.moves();
    let from = all.len().saturating_sub(report.moves.len());
    let mut position = game.start().clone();
    let mut totals = [Duration::ZERO; 2];
    for (i, &mv) in all.iter().enumerate() {
        let mut entry = RecordMove::new(mv);
        if let Some(info) = i.checked_sub(from).and_then(|j| report.moves.get(j)) {
            let side = usize::from(info.color == Color::Gote);
            totals[side] += info.elapsed;
            if let Some(time) = MoveTime::checked(info.elapsed, Some(totals[side])) {
                entry = entry.with_time(time);
            }
            for comment in evaluation_comments(&position, info) {
                entry = entry.with_comment(comment);
            }
        }
        record.main.moves.push(entry);
        position.play_unchecked(mv);
    }
    let to_move = position.turn();
    let special = ending(report.winner, report.termination, to_move);
    let mut end = LineEnd::new(special);
    let verdict = match report.winner {
        Some(Color::Sente) => format!("{sente} wins: {}", report.termination.as_str()),
        Some(Color::Gote) => format!("{gote} wins: {}", report.termination.as_str()),
        None => format!("draw: {}", report.termination.as_str()),
    };
    let errors = report.engine_errors.iter().map(|(color, error)| {
        let name = if *color == Color::Sente { sente } else { gote };
        format!("{name}: {error}")
    });
    for text in std::iter::once(verdict).chain(errors) {
        if let Some(comment) = Comment::new(CommentKind::Normal, &text.replace(['\n', '\r'], " ")) {
            end = end.with_comment(comment);
        }
    }
    record.main.end = Some(end);
    record
}

/// The time control as a header value.
pub(super) fn describe_time(time: TimeControl) -> String {
    match time {
        TimeControl::Byoyomi(t) => format!("byoyomi {} ms", t.as_millis()),
        TimeControl::Clock(c) if c.increment.is_zero() => format!(
            "main {} ms, byoyomi {} ms",
            c.main_time.as_millis(),
            c.byoyomi.as_millis()
        ),
        TimeControl::Clock(c) => format!(
            "main {} ms, byoyomi {} ms, increment {} ms",
            c.main_time.as_millis(),
            c.byoyomi.as_millis(),
            c.increment.as_millis()
        ),
        TimeControl::Nodes(n) => format!("nodes {n}"),
        TimeControl::Depth(d) => format!("depth {d}"),
    }
}

/// The record's ending for a game won by `winner` (or drawn) by
/// `termination`, `to_move` to move: what the record readers read back as
/// that result. An engine that stopped (crashed) has no ending of its own
/// in a record: the game is written as suspended, with a comment.
fn ending(winner: Option<Color>, termination: Termination, to_move: Color) -> SpecialMove {
    match termination {
        Termination::Checkmate | Termination::NoLegalMoves => SpecialMove::Checkmate,
        Termination::Repetition | Termination::PerpetualCheck => SpecialMove::Repetition,
        Termination::ImpasseDeclaration | Termination::TryRule => match winner {
            Some(w) if w == to_move => SpecialMove::DeclareWin,
            Some(_) => SpecialMove::IllegalLoss,
            None => SpecialMove::Impasse,
        },
        Termination::MoveLimit => SpecialMove::MaxMoves,
        Termination::Resignation => SpecialMove::Resign,
        Termination::Timeout => SpecialMove::TimeUp,
        Termination::DrawAgreement => SpecialMove::DeclareDraw,
        Termination::IllegalMove => match winner {
            Some(w) if w == to_move => SpecialMove::IllegalWin,
            _ => SpecialMove::IllegalLoss,
        },
        _ => SpecialMove::Suspend,
    }
}

/// The comments of an engine's move: floodgate's `** <score> <pv>` (the
/// score from Sente's point of view, in centipawns, a mate as ±100000; the
/// PV in CSA notation from the reply on) and `depth N`.
fn evaluation_comments(before: &Position, info: &shogi_usi::matches::MoveReport) -> Vec<Comment> {
    let mut comments = Vec::new();
    if let Some(score) = info.score {
        let own = match score.score {
            Score::Cp(cp) => i64::from(cp),
            Score::Mate(n) if n >= 0 => 100_000,
            Score::Mate(_) => -100_000,
            Score::MateUnknown(sign) => {
                if sign == shogi_rules::usi::MateSign::Plus {
                    100_000
                } else {
                    -100_000
                }
            }
        };
        let sente = if info.color == Color::Sente {
            own
        } else {
            -own
        };
        let mut text = format!(" {sente}");
        let mut position = before.clone();
        for (i, word) in info.pv.split_whitespace().enumerate() {
            let Ok(mv) = position.parse_usi_move(word) else {
                break;
            };
            if i > 0 {
                text.push(' ');
                text.push_str(&shogi_rules::notation::csa::format(&position, mv));
            } else if mv != info.mv {
                break;
            }
            position.play_unchecked(mv);
        }
        comments.extend(Comment::new(CommentKind::Engine, &text));
    }
    if let Some(depth) = info.depth {
        comments.extend(Comment::new(CommentKind::Normal, &format!("depth {depth}")));
    }
    comments
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_read_back_as_the_result() {
        let cases = [
            (Some(Color::Gote), Termination::Checkmate, Color::Sente),
            (Some(Color::Sente), Termination::Resignation, Color::Gote),
            (Some(Color::Gote), Termination::IllegalMove, Color::Sente),
            (Some(Color::Sente), Termination::Timeout, Color::Gote),
            (None, Termination::MoveLimit, Color::Sente),
            (None, Termination::Repetition, Color::Gote),
        ];
        for (winner, termination, to_move) in cases {
            let outcome = ending(winner, termination, to_move)
                .outcome(to_move)
                .expect("a result");
            assert_eq!(outcome.winner, winner, "{termination:?}");
            assert_eq!(outcome.termination, termination, "{termination:?}");
        }
    }
}
