//! Standard start positions: the even game and the handicaps, with their
//! names in KIF (`手合割`), JKF (`preset`) and CSA (`PI` removed pieces).

use crate::Position;

crate::names::named_enum! {
    /// A named start position. In handicap games the handicap giver (上手) is
    /// Gote and moves first.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
    #[non_exhaustive]
    pub enum Handicap("handicap") {
        /// 平手: the even game.
        Even => "even",
        /// 香落ち: the lance on 1a removed.
        Lance => "lance",
        /// 右香落ち: the lance on 9a removed.
        RightLance => "right_lance",
        /// 角落ち: bishop.
        Bishop => "bishop",
        /// 飛車落ち: rook.
        Rook => "rook",
        /// 飛香落ち: rook and the lance on 1a.
        RookLance => "rook_lance",
        /// 二枚落ち: rook and bishop.
        TwoPieces => "two_pieces",
        /// 三枚落ち: rook, bishop and the lance on 9a.
        ThreePieces => "three_pieces",
        /// 四枚落ち: rook, bishop and both lances.
        FourPieces => "four_pieces",
        /// 五枚落ち: four pieces and the knight on 8a.
        FivePieces => "five_pieces",
        /// 左五枚落ち: four pieces and the knight on 2a.
        LeftFivePieces => "left_five_pieces",
        /// 六枚落ち: rook, bishop, both lances and both knights.
        SixPieces => "six_pieces",
        /// 左七枚落ち: six pieces and the silver on 3a.
        LeftSevenPieces => "left_seven_pieces",
        /// 右七枚落ち: six pieces and the silver on 7a.
        RightSevenPieces => "right_seven_pieces",
        /// 八枚落ち: six pieces and both silvers.
        EightPieces => "eight_pieces",
        /// 十枚落ち: eight pieces and both golds.
        TenPieces => "ten_pieces",
    }
}

/// Every handicap with its KIF name, JKF preset, CSA `PI` suffix and SFEN.
const TABLE: [(Handicap, &str, &str, &str, &str); 16] = [
    (
        Handicap::Even,
        "平手",
        "HIRATE",
        "",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    ),
    (
        Handicap::Lance,
        "香落ち",
        "KY",
        "11KY",
        "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        Handicap::RightLance,
        "右香落ち",
        "KY_R",
        "91KY",
        "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        Handicap::Bishop,
        "角落ち",
        "KA",
        "22KA",
        "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        Handicap::Rook,
        "飛車落ち",
        "HI",
        "82HI",
        "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        Handicap::RookLance,
        "飛香落ち",
        "HIKY",
        "82HI11KY",
        "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        Handicap::TwoPieces,
        "二枚落ち",
        "2",
        "82HI22KA",
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        Handicap::ThreePieces,
        "三枚落ち",
        "3",
        "82HI22KA91KY",
        "1nsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        Handicap::FourPieces,
        "四枚落ち",
        "4",
        "82HI22KA11KY91KY",
        "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        Handicap::FivePieces,
        "五枚落ち",
        "5",
        "82HI22KA11KY91KY81KE",
        "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        Handicap::LeftFivePieces,
        "左五枚落ち",
        "5_L",
        "82HI22KA11KY91KY21KE",
        "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        Handicap::SixPieces,
        "六枚落ち",
        "6",
        "82HI22KA11KY91KY21KE81KE",
        "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        Handicap::LeftSevenPieces,
        "左七枚落ち",
        "7_L",
        "82HI22KA11KY91KY21KE81KE31GI",
        "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        Handicap::RightSevenPieces,
        "右七枚落ち",
        "7_R",
        "82HI22KA11KY91KY21KE81KE71GI",
        "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        Handicap::EightPieces,
        "八枚落ち",
        "8",
        "82HI22KA11KY91KY21KE81KE31GI71GI",
        "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        Handicap::TenPieces,
        "十枚落ち",
        "10",
        "82HI22KA11KY91KY21KE81KE31GI71GI41KI61KI",
        "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
];

/// Names seen in the wild for the same positions.
const ALIASES: [(&str, Handicap); 4] = [
    ("平手　", Handicap::Even),
    ("七枚落ち", Handicap::RightSevenPieces),
    ("香落", Handicap::Lance),
    ("角落", Handicap::Bishop),
];

impl Handicap {
    fn row(
        self,
    ) -> &'static (
        Handicap,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
    ) {
        &TABLE[self as usize]
    }

    /// The KIF `手合割` name (`平手`, `香落ち`, …).
    #[must_use]
    pub fn kif_name(self) -> &'static str {
        self.row().1
    }

    /// The JKF `initial.preset` code (`HIRATE`, `KY`, …).
    #[must_use]
    pub fn jkf_preset(self) -> &'static str {
        self.row().2
    }

    /// The removed pieces as written after CSA `PI` (`82HI22KA`; empty for
    /// the even game).
    #[must_use]
    pub fn csa_removed(self) -> &'static str {
        self.row().3
    }

    /// The start position.
    #[must_use]
    pub fn position(self) -> Position {
        Position::from_sfen(self.row().4).unwrap_or_default()
    }

    /// The handicap with this KIF name (also a few names seen in the wild,
    /// like `七枚落ち` for `右七枚落ち`); surrounding spaces are ignored.
    #[must_use]
    pub fn from_kif_name(name: &str) -> Option<Handicap> {
        let name = name.trim_matches(|c: char| c.is_whitespace() || c == '\u{3000}');
        TABLE
            .iter()
            .find(|row| row.1 == name)
            .map(|row| row.0)
            .or_else(|| ALIASES.iter().find(|a| a.0 == name).map(|a| a.1))
    }

    /// The handicap with this JKF preset code.
    #[must_use]
    pub fn from_jkf_preset(preset: &str) -> Option<Handicap> {
        TABLE.iter().find(|row| row.2 == preset).map(|row| row.0)
    }

    /// The named start position equal to `pos` (board, hands and side to
    /// move; the move number must be 1), if any.
    #[must_use]
    pub fn of_position(pos: &Position) -> Option<Handicap> {
        Handicap::ALL.into_iter().find(|h| h.position() == *pos)
    }
}

/// Start positions a KIF or KI2 `手合割` value may name beyond the
/// handicaps of [`Handicap`], with their SFEN.
const OTHER_STARTS: [(&str, &str); 2] = [
    (
        "両香落ち",
        "1nsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "九枚落ち",
        "4kg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
];

/// The start position a KIF or KI2 `手合割` value names: a handicap's
/// ([`Handicap::from_kif_name`]) or one of the other standard starts
/// (両香落ち, 九枚落ち).
pub(crate) fn named_start(name: &str) -> Option<Position> {
    if let Some(h) = Handicap::from_kif_name(name) {
        return Some(h.position());
    }
    let name = super::text::trim(name);
    OTHER_STARTS
        .iter()
        .find(|(n, _)| *n == name)
        .and_then(|(_, sfen)| Position::from_sfen(sfen).ok())
}

/// Whether a KIF or KI2 record needs a board diagram for its start: unless
/// every `手合割` header names the start, or there is none and the start
/// is the even game's. Writers never invent a `手合割` header.
pub(crate) fn needs_diagram(record: &super::GameRecord) -> bool {
    let mut named = record
        .headers
        .iter()
        .filter(|h| h.key == super::HeaderKey::Handicap)
        .peekable();
    if named.peek().is_none() {
        return record.start != Position::startpos();
    }
    !named.all(|h| named_start(&h.value).as_ref() == Some(&record.start))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_other_named_starts_read() {
        for (name, sfen) in OTHER_STARTS {
            assert_eq!(
                named_start(name).map(|p| p.to_sfen()).as_deref(),
                Some(sfen)
            );
        }
        assert_eq!(named_start("平手"), Some(Position::startpos()));
        assert_eq!(named_start("十一枚落ち"), None);
    }

    #[test]
    fn every_handicap_is_a_legal_position_removing_what_its_csa_code_says() {
        for h in Handicap::ALL {
            let pos = Position::from_sfen(TABLE[h as usize].4).expect("legal");
            assert_eq!(Handicap::of_position(&pos), Some(h));
            assert_eq!(Handicap::from_kif_name(h.kif_name()), Some(h));
            assert_eq!(Handicap::from_jkf_preset(h.jkf_preset()), Some(h));
            let removed = h.csa_removed().len() / 4;
            assert_eq!(pos.occupied().count() as usize, 40 - removed, "{h:?}");
        }
        assert_eq!(Handicap::from_kif_name("平手　　"), Some(Handicap::Even));
    }
}
