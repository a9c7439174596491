//! The `initial` object: the start position as a preset name or as `OTHER`
//! with a board, hands and the side to move, both ways.

use core::fmt;

use serde::de::{IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{color_of, error};
use crate::notation::csa::{piece_code, role_from_code};
use crate::record::{Handicap, RecordError, RecordErrorKind, start_position};
use crate::{Color, Piece, Position, Role, Setup, Square};

/// The `initial` object.
#[derive(Debug, Deserialize, Serialize)]
pub(super) struct Initial {
    preset: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    data: Option<InitialData>,
}

#[derive(Debug, Deserialize, Serialize)]
struct InitialData {
    color: u8,
    board: Board,
    hands: Vec<HandCounts>,
}

/// `board[x-1][y-1]`; the schema also allows `{}` for an empty board.
#[derive(Debug)]
enum Board {
    Columns(Vec<Vec<BoardSquare>>),
    Empty,
}

impl<'de> Deserialize<'de> for Board {
    /// An array of columns, or an object (whose keys are ignored) for the
    /// empty board. Read straight from the input, without buffering it, so
    /// that the work is bounded by the shape of the board.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
        struct BoardVisitor;
        impl<'de> Visitor<'de> for BoardVisitor {
            type Value = Board;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an array of nine columns or an empty object")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Board, A::Error> {
                let mut columns = Vec::new();
                while let Some(column) = seq.next_element::<Vec<BoardSquare>>()? {
                    columns.push(column);
                }
                Ok(Board::Columns(columns))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Board, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(Board::Empty)
            }
        }
        deserializer.deserialize_any(BoardVisitor)
    }
}

impl Serialize for Board {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Board::Columns(columns) => columns.serialize(serializer),
            Board::Empty => serializer.serialize_map(Some(0))?.end(),
        }
    }
}

#[derive(Debug, Default, Deserialize, Serialize)]
struct BoardSquare {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    color: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    kind: Option<String>,
}

/// Piece code to count, in the order of the file.
#[derive(Debug, Default)]
struct HandCounts(Vec<(String, u32)>);

impl<'de> Deserialize<'de> for HandCounts {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<HandCounts, D::Error> {
        struct HandVisitor;
        impl<'de> Visitor<'de> for HandVisitor {
            type Value = HandCounts;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of piece counts")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<HandCounts, A::Error> {
                let mut pairs = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, u32>()? {
                    pairs.push((k, v));
                }
                Ok(HandCounts(pairs))
            }
        }
        deserializer.deserialize_map(HandVisitor)
    }
}

impl Serialize for HandCounts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl Initial {
    /// The start position this describes.
    pub(super) fn position(&self) -> Result<Position, RecordError> {
        if self.preset != "OTHER" {
            return Handicap::from_jkf_preset(&self.preset)
                .map(Handicap::position)
                .ok_or_else(|| error(RecordErrorKind::UnknownHandicap(self.preset.clone())));
        }
        let data = self.data.as_ref().ok_or_else(|| {
            error(RecordErrorKind::BadPosition(
                "preset OTHER without data".into(),
            ))
        })?;
        data.position()
    }

    /// The `initial` object for `start`: its preset when it is a standard
    /// position (whatever its move number, which JKF does not keep), else
    /// `OTHER` with the board, hands and side to move.
    pub(super) fn of(start: &Position) -> Initial {
        let sfen = start.to_sfen();
        let first_move = sfen
            .rsplit_once(' ')
            .and_then(|(rest, _)| Position::from_sfen(&format!("{rest} 1")).ok());
        if let Some(h) = first_move.as_ref().and_then(Handicap::of_position) {
            return Initial {
                preset: h.jkf_preset().to_string(),
                data: None,
            };
        }
        let board = (1..=9u8)
            .map(|x| {
                (1..=9u8)
                    .map(|y| {
                        Square::new(x, y)
                            .and_then(|sq| start.piece_at(sq))
                            .map_or_else(BoardSquare::default, |p| BoardSquare {
                                color: Some(p.color.index() as u8),
                                kind: Some(piece_code(p.role).to_string()),
                            })
                    })
                    .collect()
            })
            .collect();
        let hands = [Color::Sente, Color::Gote]
            .into_iter()
            .map(|c| {
                let hand = start.hand(c);
                HandCounts(
                    [
                        Role::Pawn,
                        Role::Lance,
                        Role::Knight,
                        Role::Silver,
                        Role::Gold,
                        Role::Bishop,
                        Role::Rook,
                    ]
                    .into_iter()
                    .map(|r| (piece_code(r).to_string(), u32::from(hand.get(r))))
                    .collect(),
                )
            })
            .collect();
        Initial {
            preset: "OTHER".to_string(),
            data: Some(InitialData {
                color: start.turn().index() as u8,
                board: Board::Columns(board),
                hands,
            }),
        }
    }
}

impl InitialData {
    fn position(&self) -> Result<Position, RecordError> {
        let bad = |m: String| error(RecordErrorKind::BadPosition(m));
        let mut grid: [[Option<(Color, Role)>; 9]; 9] = [[None; 9]; 9];
        if let Board::Columns(columns) = &self.board {
            if columns.len() != 9 || columns.iter().any(|c| c.len() != 9) {
                return Err(bad("the board is not 9 by 9".into()));
            }
            for (x, column) in columns.iter().enumerate() {
                for (y, square) in column.iter().enumerate() {
                    grid[y][x] = match (square.color, &square.kind) {
                        (None, None) => None,
                        (Some(c), Some(kind)) => {
                            let role = role_from_code(kind)
                                .ok_or_else(|| bad(format!("unknown piece {kind:?}")))?;
                            Some((
                                color_of(c).ok_or_else(|| bad(format!("bad color {c}")))?,
                                role,
                            ))
                        }
                        _ => {
                            return Err(bad(format!(
                                "square {}{} lacks color or kind",
                                x + 1,
                                y + 1
                            )));
                        }
                    };
                }
            }
        }
        if self.hands.len() != 2 {
            return Err(bad("hands must list two sides".into()));
        }
        let turn = color_of(self.color).ok_or_else(|| bad(format!("bad color {}", self.color)))?;
        let mut setup = Setup::empty();
        for (rank, row) in grid.iter().enumerate() {
            for (file, square) in row.iter().enumerate() {
                if let (Some((color, role)), Some(sq)) =
                    (*square, Square::new(file as u8 + 1, rank as u8 + 1))
                {
                    setup.set_piece(sq, Some(Piece::new(color, role)));
                }
            }
        }
        setup.set_turn(turn);
        for (color, hand) in [Color::Sente, Color::Gote].into_iter().zip(&self.hands) {
            let mut held = setup.hand(color);
            for (code, count) in &hand.0 {
                let role = role_from_code(code)
                    .filter(|r| r.is_hand_role())
                    .ok_or_else(|| bad(format!("{code:?} cannot be in a hand")))?;
                if *count > 18 {
                    return Err(bad(format!("{count} pieces of {code} in a hand")));
                }
                let total = u32::from(held.get(role)) + *count;
                held.set(role, u8::try_from(total).unwrap_or(u8::MAX));
            }
            setup.set_hand(color, held);
        }
        let pos = start_position(setup).map_err(error)?;
        Ok(pos)
    }
}
