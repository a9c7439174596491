//! Game records in PGN: [`read_pgn`] (files of several games, UTF-8 or
//! GBK bytes with [`read_pgn_bytes`]), [`read_pgn_game`] for one game, and
//! [`write_pgn`] in a chosen [`Notation`].
//!
//! A [`GameRecord`] holds the tag pairs in their order, the start position
//! (the `[FEN]` tag, or the standard start), the moves as a tree — the
//! main line and its variations, each move with its comments — and the
//! result. Every move is checked against the rules as it is read.
//!
//! # Move text
//! Move numbers, NAGs (`$1`) and `%` escape lines are skipped; comments are
//! `{...}` and `; ...`; variations `( ... )` nest. Each move token is read
//! by its form, whatever the `[Format]` tag says:
//! - a token with Chinese characters is Chinese notation (`炮二平五`,
//!   `马８进７`, `前炮进一`; see [`crate::notation::chinese`]);
//! - two points, `h2e2` or `H2-E2`, are ICCS — or, in a game whose
//!   `[Format]` tag is `UCI`, the ranks-1–10 form (`h3e3`); a point with
//!   rank `10` is always that form;
//! - four characters whose third is `+ - . =` (after full-width characters
//!   are made ASCII) are WXF (`C2.5`, `Ｃ２＝５`, `+P+1`; see
//!   [`crate::notation::wxf`]), as are three (`C25`);
//! - anything else is SAN-like (`Che2`, `Cxe6`, `e4`, `Rb10`), with ranks
//!   0–9 (WinBoard) or 1–10 (pychess): the first move that replays in only
//!   one of them, or that has the `P` only pychess writes for a soldier,
//!   or a soldier move without the letter as WinBoard writes it, decides
//!   for the rest of the game.
//!
//! A comment belongs to the move before it ([`Node::comments`]); one at
//! the start of a variation to the variation's first move
//! ([`Node::comments_before`]); one before the game's first move to the
//! root. A `;` comment runs to the end of its line. The writer puts each
//! comment back where the reader finds it.
//!
//! A result token (`1-0`, `0-1`, `1/2-1/2`, `*`) ends a game's move text;
//! text after it up to the next tag pair is ignored (some files carry a
//! trailer there). A tag pair after move text starts the next game.
//!
//! # Example
//!
//! ```
//! use xiangqi_rules::notation::Notation;
//! use xiangqi_rules::record::{read_pgn, write_pgn, GameResult};
//!
//! let text = r#"[Event "Example"]
//! [Format "WXF"]
//!
//! 1. C2.5 H8+7 {the screen horse} 2. H2+3 (2. R1+1 R9.8) R9.8 1-0
//! "#;
//! let games = read_pgn(text)?;
//! let game = &games[0];
//! assert_eq!(game.tag("Event"), Some("Example"));
//! assert_eq!(game.main_line().iter().map(|m| m.to_string()).collect::<Vec<_>>(),
//!            ["h2e2", "h9g7", "h0g2", "i9h9"]);
//! assert_eq!(game.result(), GameResult::RedWins);
//! let chinese = write_pgn(game, Notation::Chinese);
//! assert!(chinese.contains("1. 炮二平五 马８进７ {the screen horse}"));
//! assert!(chinese.contains("(2. 车一进一 车９平８)"));
//! // Written and read again, the record is the same (but for the [Format] tag).
//! let mut again = read_pgn(&chinese)?.remove(0);
//! again.set_tag("Format", "WXF");
//! assert_eq!(&again, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::notation::Notation;
use crate::{Game, GameError, IllegalMoveError, Move, Position, RuleSet};

mod encoding;
mod error;
mod lexer;
mod limits;
mod read;
mod san;
mod write;

pub use error::{RecordError, RecordErrorKind};
pub use limits::{Limit, ReadLimits};
pub use read::{read_pgn, read_pgn_bytes, read_pgn_bytes_with, read_pgn_game, read_pgn_with};
pub use write::{write_pgn, write_pgn_all};

crate::names::named_enum! {
    /// The result of a game as PGN writes it.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
    pub enum GameResult("game result") {
        /// `1-0`.
        RedWins => "1-0",
        /// `0-1`.
        BlackWins => "0-1",
        /// `1/2-1/2`.
        Draw => "1/2-1/2",
        /// `*`: unknown or unfinished.
        #[default]
        Unknown => "*",
    }
}

impl GameResult {
    /// The result a PGN token means (`1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`).
    #[must_use]
    pub fn from_token(token: &str) -> Option<GameResult> {
        match token {
            "1-0" => Some(GameResult::RedWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" | "½-½" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

/// A move of a record: an index into its tree, given out by the record.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(usize);

impl NodeId {
    /// The index of the node in its record (the root is 0).
    #[must_use]
    pub const fn index(self) -> usize {
        self.0
    }
}

/// A node of a record's tree: the root (the start position) or a move,
/// with comments.
#[derive(Clone, Debug)]
pub struct Node {
    mv: Option<Move>,
    parent: usize,
    children: Vec<NodeId>,
    comments_before: Vec<String>,
    comments: Vec<String>,
}

impl Node {
    /// The move, `None` for the root.
    #[must_use]
    pub fn mv(&self) -> Option<Move> {
        self.mv
    }

    /// The moves that follow: the first continues this line, the others are
    /// variations (alternatives to it).
    #[must_use]
    pub fn children(&self) -> &[NodeId] {
        &self.children
    }

    /// Comments written before the move at the start of a variation, `(
    /// {comment} 3. h2e2 ...)`.
    #[must_use]
    pub fn comments_before(&self) -> &[String] {
        &self.comments_before
    }

    /// Comments written after the move; for the root, before the first move.
    #[must_use]
    pub fn comments(&self) -> &[String] {
        &self.comments
    }
}

/// A game record: tags, start position, the tree of moves with comments,
/// and the result.
///
/// Two records are equal when their tags, start, result and trees are: the
/// same moves with the same comments, children in the same order (however
/// the nodes are numbered).
#[derive(Clone, Debug)]
pub struct GameRecord {
    tags: Vec<(String, String)>,
    start: Position,
    nodes: Vec<Node>,
    result: GameResult,
}

impl PartialEq for GameRecord {
    fn eq(&self, other: &GameRecord) -> bool {
        if self.tags != other.tags
            || self.start != other.start
            || self.result != other.result
            || self.nodes.len() != other.nodes.len()
        {
            return false;
        }
        // Both trees in step, with an explicit stack.
        let mut stack = vec![(0usize, 0usize)];
        while let Some((a, b)) = stack.pop() {
            let (Some(x), Some(y)) = (self.nodes.get(a), other.nodes.get(b)) else {
                return false;
            };
            if x.mv != y.mv
                || x.comments != y.comments
                || x.comments_before != y.comments_before
                || x.children.len() != y.children.len()
            {
                return false;
            }
            stack.extend(x.children.iter().zip(&y.children).map(|(c, d)| (c.0, d.0)));
        }
        true
    }
}

impl Eq for GameRecord {}

impl Default for GameRecord {
    fn default() -> GameRecord {
        GameRecord::new(Position::startpos())
    }
}

impl GameRecord {
    /// A record of no moves from `start`, with a `[FEN]` tag when `start`
    /// is not the standard start.
    #[must_use]
    pub fn new(start: Position) -> GameRecord {
        let mut tags = Vec::new();
        if !start.same_position(&Position::startpos()) {
            tags.push(("FEN".to_owned(), start.to_fen()));
        }
        GameRecord {
            tags,
            start,
            nodes: vec![Node {
                mv: None,
                parent: 0,
                children: Vec::new(),
                comments_before: Vec::new(),
                comments: Vec::new(),
            }],
            result: GameResult::Unknown,
        }
    }

    /// The tag pairs in their order.
    #[must_use]
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of the first tag named `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets the tag `name` (replacing its first occurrence, or adding it at
    /// the end). The `[FEN]` tag is text only: the start position is fixed
    /// when the record is made.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_owned(),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The result.
    #[must_use]
    pub fn result(&self) -> GameResult {
        self.result
    }

    /// Sets the result (the result token; the `[Result]` tag is a tag).
    pub fn set_result(&mut self, result: GameResult) {
        self.result = result;
    }

    /// The root: the start position, before any move.
    #[must_use]
    pub const fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// The node `id`, if the record has it.
    #[must_use]
    pub fn node(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id.0)
    }

    /// How many nodes, the root included.
    #[must_use]
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The node before `id` (`None` for the root).
    #[must_use]
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        (id.0 != 0 && id.0 < self.nodes.len()).then(|| NodeId(self.nodes[id.0].parent))
    }

    /// The moves of the main line (the first child of each node).
    #[must_use]
    pub fn main_line(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let mut at = 0;
        while let Some(&NodeId(next)) = self.nodes.get(at).and_then(|n| n.children.first()) {
            if let Some(m) = self.nodes.get(next).and_then(|n| n.mv) {
                out.push(m);
            }
            at = next;
        }
        out
    }

    /// The main line played as a [`Game`] under `rules`, adjudicated after
    /// every move.
    ///
    /// ```
    /// use xiangqi_rules::record::read_pgn_game;
    /// use xiangqi_rules::{Color, Termination};
    /// let record = read_pgn_game(
    ///     "[FEN \"3aka3/9/2n6/p1p3p1p/9/4C4/P1P3P1P/1C7/9/3K5 b - - 0 1\"]\n1... a6a5 2. b2e2 1-0",
    /// )?;
    /// let game = record.main_game(Default::default())?;
    /// let outcome = game.outcome().unwrap();
    /// assert_eq!((outcome.winner, outcome.termination), (Some(Color::Red), Termination::Checkmate));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GameError::GameOver`] for a move recorded after the game ended by
    /// the rules (a repetition or the ply limit that the players did not
    /// claim, say).
    pub fn main_game(&self, rules: RuleSet) -> Result<Game, GameError> {
        let mut game = Game::from_position(self.start.clone(), rules);
        for m in self.main_line() {
            game.play(m)?;
        }
        Ok(game)
    }

    /// The moves from the root to `id`, in order.
    #[must_use]
    pub fn moves_to(&self, id: NodeId) -> Vec<Move> {
        let mut out = Vec::new();
        let mut at = id.0;
        while let Some(node) = self.nodes.get(at) {
            match node.mv {
                Some(m) => out.push(m),
                None => break,
            }
            at = node.parent;
        }
        out.reverse();
        out
    }

    /// The position after the node `id` (the start position for the root
    /// or an unknown node).
    #[must_use]
    pub fn position_at(&self, id: NodeId) -> Position {
        let mut pos = self.start.clone();
        for m in self.moves_to(id) {
            pos.play_unchecked(m);
        }
        pos
    }

    /// Adds the move `m`, which must be legal after `parent`, as the last
    /// child of `parent` (the main continuation if it is the first), and
    /// returns it. A move already there is returned, not added again.
    ///
    /// # Errors
    /// [`IllegalMoveError`] if `m` is illegal there or `parent` is unknown.
    pub fn add_move(&mut self, parent: NodeId, m: Move) -> Result<NodeId, IllegalMoveError> {
        let pos = self.position_at(parent);
        if parent.0 >= self.nodes.len() {
            return Err(IllegalMoveError {
                iccs: m.iccs(),
                reason: crate::IllegalReason::NoPiece,
            });
        }
        pos.clone().play(m)?;
        if let Some(&existing) = self.nodes[parent.0]
            .children
            .iter()
            .find(|c| self.nodes[c.0].mv == Some(m))
        {
            return Ok(existing);
        }
        Ok(self.push_node(parent, m))
    }

    /// Adds `m` after `parent` without checking it (readers check first),
    /// in constant time: a record read keeps a variation that repeats
    /// another line as it is written.
    pub(crate) fn push_node(&mut self, parent: NodeId, m: Move) -> NodeId {
        let id = NodeId(self.nodes.len());
        self.nodes.push(Node {
            mv: Some(m),
            parent: parent.0,
            children: Vec::new(),
            comments_before: Vec::new(),
            comments: Vec::new(),
        });
        self.nodes[parent.0].children.push(id);
        id
    }

    /// Adds a comment after the move `id` (before the first move for the
    /// root). A `}` in the text is written as `)`, since PGN comments
    /// cannot hold it.
    pub fn add_comment(&mut self, id: NodeId, text: &str) {
        if let Some(node) = self.nodes.get_mut(id.0) {
            node.comments.push(text.trim().replace('}', ")"));
        }
    }

    /// The value of the `[Format]` tag a record in `notation` carries.
    #[must_use]
    pub const fn format_tag(notation: Notation) -> &'static str {
        match notation {
            Notation::Iccs => "ICCS",
            Notation::Uci => "UCI",
            Notation::Wxf => "WXF",
            Notation::Chinese => "Chinese",
        }
    }
}
