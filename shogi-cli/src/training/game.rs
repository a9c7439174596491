//! What a game record gives for training: its ending and result, the
//! players' stated ratings, the engine evaluations of its moves, and the
//! positions of its main line with the move played from each.

use shogi_rules::record::{Comment, CommentKind, GameRecord, SpecialMove};
use shogi_rules::{Color, Move, Position};

/// How a game ended, as `--endings` names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, clap::ValueEnum)]
pub enum Ending {
    /// The side to move was checkmated (stated, or the last position is
    /// checkmate when the record states no ending).
    Checkmate,
    /// A player resigned.
    Resignation,
    /// A player lost on time.
    Timeout,
    /// Repetition (sennichite): a draw.
    Repetition,
    /// An impasse: a declaration won, or a drawn impasse.
    Impasse,
    /// The move limit was reached: a draw.
    MoveLimit,
    /// A foul, a forfeit: the other player won.
    Foul,
    /// The game was suspended or adjourned: no result.
    Interruption,
    /// The record states no ending, or one without a result.
    Unknown,
}

impl Ending {
    /// The endings kept by default: those with a result that play decided.
    pub const DEFAULT: [Ending; 6] = [
        Ending::Checkmate,
        Ending::Resignation,
        Ending::Timeout,
        Ending::Repetition,
        Ending::Impasse,
        Ending::MoveLimit,
    ];

    /// Every ending.
    pub const ALL: [Ending; 9] = [
        Ending::Checkmate,
        Ending::Resignation,
        Ending::Timeout,
        Ending::Repetition,
        Ending::Impasse,
        Ending::MoveLimit,
        Ending::Foul,
        Ending::Interruption,
        Ending::Unknown,
    ];

    /// The ending's name, as `--endings` takes it.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Ending::Checkmate => "checkmate",
            Ending::Resignation => "resignation",
            Ending::Timeout => "timeout",
            Ending::Repetition => "repetition",
            Ending::Impasse => "impasse",
            Ending::MoveLimit => "move-limit",
            Ending::Foul => "foul",
            Ending::Interruption => "interruption",
            Ending::Unknown => "unknown",
        }
    }

    /// Whether the ending gives no result (the game did not finish).
    #[must_use]
    pub fn is_unfinished(self) -> bool {
        matches!(self, Ending::Interruption | Ending::Unknown)
    }
}

/// The result of a game: who won, or `None` for a draw or a game without
/// a result.
pub type Winner = Option<Color>;

/// How the main line of `record` ends and who won: the stated ending (see
/// [`SpecialMove::outcome`]); without one, a last position that is
/// checkmate.
#[must_use]
pub fn ending(record: &GameRecord) -> (Ending, Winner) {
    let last = record.final_position();
    let Some(end) = &record.main.end else {
        return if last.is_checkmate() {
            (Ending::Checkmate, Some(last.turn().opposite()))
        } else {
            (Ending::Unknown, None)
        };
    };
    let kind = match end.special {
        SpecialMove::Checkmate => Ending::Checkmate,
        SpecialMove::Resign => Ending::Resignation,
        SpecialMove::TimeUp => Ending::Timeout,
        SpecialMove::Repetition => Ending::Repetition,
        SpecialMove::Impasse | SpecialMove::DeclareWin | SpecialMove::DeclareDraw => {
            Ending::Impasse
        }
        SpecialMove::MaxMoves => Ending::MoveLimit,
        SpecialMove::IllegalLoss
        | SpecialMove::IllegalWin
        | SpecialMove::ForfeitWin
        | SpecialMove::ForfeitLoss => Ending::Foul,
        SpecialMove::Suspend | SpecialMove::Sealed => Ending::Interruption,
        _ => Ending::Unknown,
    };
    let winner = end
        .special
        .outcome(last.turn())
        .and_then(|outcome| outcome.winner);
    (kind, winner)
}

/// The ratings the record states for Sente and Gote: floodgate's
/// `'black_rate:NAME:RATING` and `'white_rate:NAME:RATING` comments (or
/// headers of those names).
#[must_use]
pub fn ratings(record: &GameRecord) -> [Option<f64>; 2] {
    let mut found = [None, None];
    let header_lines = record
        .headers
        .iter()
        .map(|h| format!("{}:{}", h.name, h.value));
    let comment_lines = record.start_comments.iter().map(|c| c.text.clone());
    for line in header_lines.chain(comment_lines) {
        let line = line.trim().trim_start_matches('\'');
        let (index, rest) = if let Some(rest) = line.strip_prefix("black_rate:") {
            (0, rest)
        } else if let Some(rest) = line.strip_prefix("white_rate:") {
            (1, rest)
        } else {
            continue;
        };
        let value = rest.rsplit(':').next().unwrap_or("").trim();
        if let Ok(rating) = value.parse::<f64>() {
            if rating.is_finite() && found[index].is_none() {
                found[index] = Some(rating);
            }
        }
    }
    found
}

/// The evaluation an engine comment states, from Sente's point of view:
/// the number that starts a CSA `'**` comment (floodgate:
/// `'** 113 -3334FU ...`), or the number after `評価値` in a KIF `**`
/// comment (`**対局 ... 評価値 -35 ...`, `**評価値=-35`). Both are written
/// from Sente's point of view. Saturated to the range of `i16`.
#[must_use]
pub fn stated_eval(comments: &[Comment]) -> Option<i16> {
    comments
        .iter()
        .filter(|c| c.kind == CommentKind::Engine)
        .find_map(|c| eval_of_text(&c.text))
}

/// The evaluation in one engine comment's text (see [`stated_eval`]).
fn eval_of_text(text: &str) -> Option<i16> {
    let text = text.trim();
    let number = match text.find("評価値") {
        Some(at) => {
            text[at + "評価値".len()..].trim_start_matches([' ', '=', ':', '：', '\u{3000}'])
        }
        None => text,
    };
    let token: String = number
        .chars()
        .enumerate()
        .take_while(|&(i, c)| c.is_ascii_digit() || (i == 0 && (c == '-' || c == '+')))
        .map(|(_, c)| c)
        .collect();
    let value: i64 = token.parse().ok()?;
    Some(i16::try_from(value.clamp(i64::from(i16::MIN), i64::from(i16::MAX))).unwrap_or(0))
}

/// One position of a game's main line, with what was played from it.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position before the move.
    pub position: Position,
    /// The move played.
    pub mv: Move,
    /// The stated evaluation from the side to move's point of view; 0 when
    /// the record states none.
    pub eval: i16,
}

/// Every position of the main line of `record` before a move, with the
/// move played and its stated evaluation.
#[must_use]
pub fn samples(record: &GameRecord) -> Vec<Sample> {
    let mut position = record.start.clone();
    let mut out = Vec::with_capacity(record.main.moves.len());
    for played in &record.main.moves {
        let eval = stated_eval(&played.comments).map_or(0, |e| match position.turn() {
            Color::Sente => e,
            Color::Gote => e.saturating_neg(),
        });
        out.push(Sample {
            position: position.clone(),
            mv: played.mv,
            eval,
        });
        position.play_unchecked(played.mv);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_rules::record::{Format, read_str_as};

    fn engine(text: &str) -> Comment {
        Comment::new(CommentKind::Engine, text).expect("one line")
    }

    #[test]
    fn evaluations_are_read_from_engine_comments() {
        assert_eq!(stated_eval(&[engine(" 113 -3334FU +2625FU")]), Some(113));
        assert_eq!(stated_eval(&[engine(" -42")]), Some(-42));
        assert_eq!(
            stated_eval(&[engine(
                "対局 深さ 8 ノード数 12345 評価値 -35 読み筋 ▲２五歩(26)"
            )]),
            Some(-35)
        );
        assert_eq!(stated_eval(&[engine("評価値=120")]), Some(120));
        assert_eq!(stated_eval(&[engine(" 99999")]), Some(i16::MAX));
        assert_eq!(stated_eval(&[engine("エンジン=usi-csa-bridge")]), None);
        let normal = Comment::new(CommentKind::Normal, "150").expect("one line");
        assert_eq!(stated_eval(&[normal]), None);
    }

    #[test]
    fn floodgate_games_give_ratings_results_and_evaluations() {
        let csa = "V2\nN+a\nN-b\nPI\n+\n'black_rate:a+x:2800.0\n'white_rate:b+y:1500\n\
                   +7776FU\n'** 50 -3334FU\n-3334FU\n'** 80\n%TORYO\n";
        let record = read_str_as(csa, Format::Csa).expect("reads");
        assert_eq!(ratings(&record), [Some(2800.0), Some(1500.0)]);
        assert_eq!(ending(&record), (Ending::Resignation, Some(Color::Gote)));
        let samples = samples(&record);
        assert_eq!(samples.len(), 2);
        assert_eq!(samples[0].eval, 50);
        // Gote to move: Sente's +80 is -80 for Gote.
        assert_eq!(samples[1].eval, -80);
        assert_eq!(samples[1].position.turn(), Color::Gote);
    }

    #[test]
    fn records_without_an_ending_are_unknown_unless_mated() {
        let record = read_str_as("startpos moves 7g7f", Format::Usi).expect("reads");
        assert_eq!(ending(&record), (Ending::Unknown, None));
        let mate = read_str_as("sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b", Format::Usi)
            .expect("reads");
        assert_eq!(ending(&mate), (Ending::Checkmate, Some(Color::Sente)));
    }
}
