//! A picture of a position as SVG: the board with its pieces in kanji, both
//! hands, file and rank labels, and the last move highlighted.
//!
//! Every binding draws boards with this function, so a notebook, a C client
//! and a Rust program show the same picture. The output is deterministic: the
//! same position and move always give the same text.
//!
//! ```
//! use shogi_rules::{Position, svg};
//! let mut pos = Position::startpos();
//! let m = pos.parse_usi_move("7g7f").unwrap();
//! pos.play_unchecked(m);
//! let picture = svg::render(&pos, Some(m));
//! assert!(picture.starts_with("<svg"));
//! assert!(picture.contains(">歩</text>"));
//! ```

use core::fmt::Write as _;

use crate::{Color, Move, Piece, Position, Role, Square};

/// Side of one board square in SVG user units.
const CELL: u32 = 40;
/// Left margin of the board.
const LEFT: u32 = 10;
/// Top of the board (below the gote hand line and the file numbers).
const TOP: u32 = 60;
/// Width of the whole picture (board plus the rank labels on the right).
const WIDTH: u32 = LEFT + 9 * CELL + 30;
/// Height of the whole picture (board plus both hand lines).
const HEIGHT: u32 = TOP + 9 * CELL + 40;

/// Fill of the destination square of the last move.
const LAST_TO_FILL: &str = "#f2c14e";
/// Fill of the origin square of the last move.
const LAST_FROM_FILL: &str = "#f7dc9a";

/// The one-character kanji a board diagram uses for a piece of `role` (the
/// same names KIF and KI2 board diagrams use).
#[must_use]
pub fn board_kanji(role: Role) -> char {
    crate::record::diagram::board_char(role)
}

/// Draws `position` as an SVG document (UTF-8 text, no external resources).
///
/// Sente's pieces point up, gote's are turned upside down. Gote's hand is
/// written above the board and sente's below it, each after its mark (☖, ☗);
/// the side to move's hand line is bold. When `last_move` is given, its
/// destination square (and origin, for a board move) is shaded.
#[must_use]
pub fn render(position: &Position, last_move: Option<Move>) -> String {
    let mut out = String::with_capacity(8192);
    // `write!` into a String cannot fail; the results are ignored on purpose.
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" \
         width=\"{WIDTH}\" height=\"{HEIGHT}\" font-family=\"sans-serif\">"
    );
    let _ = write!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#ffffff\"/>"
    );
    hand_line(&mut out, position, Color::Gote, 22);
    // File numbers 9 … 1 from left to right.
    for file in (1..=9u32).rev() {
        let x = LEFT + (9 - file) * CELL + CELL / 2;
        let _ = write!(
            out,
            "<text x=\"{x}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\">{file}</text>",
            TOP - 8
        );
    }
    let _ = write!(
        out,
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" fill=\"#f9e7b9\" stroke=\"#000000\" stroke-width=\"2\"/>",
        9 * CELL,
        9 * CELL
    );
    if let Some(m) = last_move {
        if let Some(from) = m.from() {
            shade(&mut out, from, LAST_FROM_FILL, "last-move-from");
        }
        shade(&mut out, m.to(), LAST_TO_FILL, "last-move-to");
    }
    for i in 1..9 {
        let offset = i * CELL;
        let _ = write!(
            out,
            "<line x1=\"{x}\" y1=\"{TOP}\" x2=\"{x}\" y2=\"{y2}\" stroke=\"#000000\" stroke-width=\"1\"/>",
            x = LEFT + offset,
            y2 = TOP + 9 * CELL
        );
        let _ = write!(
            out,
            "<line x1=\"{LEFT}\" y1=\"{y}\" x2=\"{x2}\" y2=\"{y}\" stroke=\"#000000\" stroke-width=\"1\"/>",
            y = TOP + offset,
            x2 = LEFT + 9 * CELL
        );
    }
    // Rank labels 一 … 九 on the right.
    for rank in 1..=9u32 {
        let y = TOP + (rank - 1) * CELL + CELL / 2 + 5;
        let label = ['一', '二', '三', '四', '五', '六', '七', '八', '九'][rank as usize - 1];
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{y}\" font-size=\"14\" text-anchor=\"middle\">{label}</text>",
            LEFT + 9 * CELL + 15
        );
    }
    for index in 0..81u8 {
        let Some(sq) = Square::from_index(index) else {
            continue;
        };
        if let Some(piece) = position.piece_at(sq) {
            draw_piece(&mut out, sq, piece);
        }
    }
    hand_line(&mut out, position, Color::Sente, TOP + 9 * CELL + 28);
    out.push_str("</svg>");
    out
}

/// The top-left corner of `sq` in the picture (file 9 on the left, rank 1 on top).
fn corner(sq: Square) -> (u32, u32) {
    let x = LEFT + (9 - u32::from(sq.file())) * CELL;
    let y = TOP + (u32::from(sq.rank()) - 1) * CELL;
    (x, y)
}

fn shade(out: &mut String, sq: Square, fill: &str, class: &str) {
    let (x, y) = corner(sq);
    let _ = write!(
        out,
        "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>"
    );
}

fn draw_piece(out: &mut String, sq: Square, piece: Piece) {
    let (x, y) = corner(sq);
    let cx = x + CELL / 2;
    let cy = y + CELL / 2;
    let fill = if piece.role.is_promoted() {
        "#c00000"
    } else {
        "#000000"
    };
    let kanji = board_kanji(piece.role);
    match piece.color {
        Color::Sente => {
            let _ = write!(
                out,
                "<text class=\"sente\" x=\"{cx}\" y=\"{}\" font-size=\"28\" text-anchor=\"middle\" fill=\"{fill}\">{kanji}</text>",
                cy + 10
            );
        }
        Color::Gote => {
            let _ = write!(
                out,
                "<text class=\"gote\" x=\"{cx}\" y=\"{}\" font-size=\"28\" text-anchor=\"middle\" fill=\"{fill}\" \
                 transform=\"rotate(180 {cx} {cy})\">{kanji}</text>",
                cy + 10
            );
        }
    }
}

fn hand_line(out: &mut String, position: &Position, color: Color, y: u32) {
    let mark = match color {
        Color::Sente => '☗',
        Color::Gote => '☖',
    };
    let weight = if position.turn() == color {
        "bold"
    } else {
        "normal"
    };
    let mut text = String::new();
    let hand = position.hand(color);
    for role in Role::HAND {
        let n = hand.get(role);
        if n == 0 {
            continue;
        }
        text.push(' ');
        text.push(board_kanji(role));
        if n > 1 {
            let _ = write!(text, "{n}");
        }
    }
    if text.is_empty() {
        text.push_str(" なし");
    }
    let _ = write!(
        out,
        "<text class=\"hand-{}\" x=\"{LEFT}\" y=\"{y}\" font-size=\"18\" font-weight=\"{weight}\">{mark} 持駒{text}</text>",
        color.as_str()
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(haystack: &str, needle: &str) -> usize {
        haystack.matches(needle).count()
    }

    #[test]
    fn startpos_has_forty_pieces_twenty_turned() {
        let svg = render(&Position::startpos(), None);
        assert_eq!(count(&svg, "class=\"sente\""), 20);
        assert_eq!(count(&svg, "class=\"gote\""), 20);
        assert_eq!(count(&svg, ">歩</text>"), 18);
        assert_eq!(count(&svg, ">玉</text>"), 2);
        assert_eq!(count(&svg, "なし"), 2);
        assert!(!svg.contains("last-move"));
        assert_eq!(count(&svg, "<svg"), 1);
        assert!(svg.ends_with("</svg>"));
        // Sente to move: its hand line is the bold one.
        assert!(svg.contains(
            "class=\"hand-sente\" x=\"10\" y=\"448\" font-size=\"18\" font-weight=\"bold\""
        ));
        assert!(svg.contains(
            "class=\"hand-gote\" x=\"10\" y=\"22\" font-size=\"18\" font-weight=\"normal\""
        ));
    }

    #[test]
    fn pieces_stand_on_their_squares() {
        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K3+R b B2P 1").unwrap();
        let svg = render(&pos, None);
        // 5i king: file 5 is the fifth column from the left, rank 9 the last row.
        let (x, y) = corner(Square::SQ_5I);
        assert_eq!((x, y), (10 + 4 * 40, 60 + 8 * 40));
        assert!(svg.contains(&format!("x=\"{}\" y=\"{}\"", x + 20, y + 30)));
        // 1i dragon, promoted pieces in red.
        assert!(svg.contains("fill=\"#c00000\">龍</text>"));
        // The gote king is rotated about its own square's centre.
        let (gx, gy) = corner(Square::SQ_5A);
        assert!(svg.contains(&format!("rotate(180 {} {})\">玉", gx + 20, gy + 20)));
        assert!(svg.contains("☗ 持駒 角 歩2"));
        assert!(svg.contains("☖ 持駒 なし"));
    }

    #[test]
    fn last_move_is_shaded() {
        let mut pos = Position::startpos();
        let m = pos.parse_usi_move("7g7f").unwrap();
        pos.play_unchecked(m);
        let svg = render(&pos, Some(m));
        let (x, y) = corner(Square::SQ_7F);
        assert!(svg.contains(&format!(
            "class=\"last-move-to\" x=\"{x}\" y=\"{y}\" width=\"40\" height=\"40\" fill=\"{LAST_TO_FILL}\""
        )));
        assert_eq!(count(&svg, "last-move-from"), 1);
        // Gote to move now.
        assert!(svg.contains(
            "class=\"hand-gote\" x=\"10\" y=\"22\" font-size=\"18\" font-weight=\"bold\""
        ));

        let drop = Move::drop(Role::Pawn, Square::SQ_5E);
        let svg = render(&Position::startpos(), Some(drop));
        assert_eq!(count(&svg, "last-move-to"), 1);
        assert_eq!(count(&svg, "last-move-from"), 0);
    }

    #[test]
    fn output_is_deterministic_and_balanced() {
        let pos =
            Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
                .unwrap();
        let a = render(&pos, None);
        assert_eq!(a, render(&pos, None));
        assert_eq!(count(&a, "<text"), count(&a, "</text>"));
        assert_eq!(count(&a, "<"), count(&a, ">"));
    }
}
