//! How long, or how far, an engine searches: the fields of `go`, and the
//! deadline the client allows.

use std::time::Duration;

use shogi_rules::Color;
use shogi_rules::usi::{GoParams, MateLimit};

/// A search limit. Times are whole milliseconds on the wire.
///
/// ```
/// use std::time::Duration;
/// use shogi_usi::Limit;
/// let limit = Limit::byoyomi(Duration::from_millis(500));
/// assert_eq!(limit.to_go_params().to_string(), "go byoyomi 500");
/// let limit = Limit::time(Duration::from_secs(60), Duration::from_secs(30))
///     .with_increment(Duration::from_secs(2), Duration::from_secs(2));
/// assert_eq!(limit.to_go_params().to_string(), "go btime 60000 wtime 30000 binc 2000 winc 2000");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limit {
    /// `byoyomi`: the time per move once the main time is used up.
    pub byoyomi: Option<Duration>,
    /// `btime`: Sente's remaining main time.
    pub btime: Option<Duration>,
    /// `wtime`: Gote's remaining main time.
    pub wtime: Option<Duration>,
    /// `binc`: Sente's increment per move.
    pub binc: Option<Duration>,
    /// `winc`: Gote's increment per move.
    pub winc: Option<Duration>,
    /// `movetime`: the time to search.
    pub movetime: Option<Duration>,
    /// `depth`: the depth in plies.
    pub depth: Option<u32>,
    /// `nodes`: the nodes to search.
    pub nodes: Option<u64>,
    /// `mate`: the time of a mate search (used by [`Engine::mate`](crate::Engine::mate)).
    pub mate: Option<Duration>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
}

/// Whole milliseconds, saturating.
fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl Limit {
    /// `go byoyomi <ms>` (with no main time).
    #[must_use]
    pub fn byoyomi(byoyomi: Duration) -> Limit {
        Limit {
            byoyomi: Some(byoyomi),
            ..Limit::default()
        }
    }

    /// `go btime <ms> wtime <ms>`.
    #[must_use]
    pub fn time(btime: Duration, wtime: Duration) -> Limit {
        Limit {
            btime: Some(btime),
            wtime: Some(wtime),
            ..Limit::default()
        }
    }

    /// `go movetime <ms>`.
    #[must_use]
    pub fn movetime(movetime: Duration) -> Limit {
        Limit {
            movetime: Some(movetime),
            ..Limit::default()
        }
    }

    /// `go depth <n>`.
    #[must_use]
    pub fn depth(depth: u32) -> Limit {
        Limit {
            depth: Some(depth),
            ..Limit::default()
        }
    }

    /// `go nodes <n>`.
    #[must_use]
    pub fn nodes(nodes: u64) -> Limit {
        Limit {
            nodes: Some(nodes),
            ..Limit::default()
        }
    }

    /// `go mate <ms>`.
    #[must_use]
    pub fn mate(time: Duration) -> Limit {
        Limit {
            mate: Some(time),
            ..Limit::default()
        }
    }

    /// `go infinite` (or `go mate infinite` for a mate search): the client
    /// sends `stop` at [`EngineConfig::untimed_timeout`](crate::EngineConfig::untimed_timeout).
    #[must_use]
    pub fn infinite() -> Limit {
        Limit {
            infinite: true,
            ..Limit::default()
        }
    }

    /// This limit with a byo-yomi.
    #[must_use]
    pub fn with_byoyomi(mut self, byoyomi: Duration) -> Limit {
        self.byoyomi = Some(byoyomi);
        self
    }

    /// This limit with increments for Sente and Gote.
    #[must_use]
    pub fn with_increment(mut self, binc: Duration, winc: Duration) -> Limit {
        self.binc = Some(binc);
        self.winc = Some(winc);
        self
    }

    /// The fields of `go` for a move search (`mate` is left out: see
    /// [`to_mate_params`](Limit::to_mate_params)).
    #[must_use]
    pub fn to_go_params(&self) -> GoParams {
        GoParams {
            btime: self.btime.map(millis),
            wtime: self.wtime.map(millis),
            byoyomi: self.byoyomi.map(millis),
            binc: self.binc.map(millis),
            winc: self.winc.map(millis),
            infinite: self.infinite,
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime.map(millis),
            ..GoParams::default()
        }
    }

    /// The fields of `go mate`: `mate <ms>`, or `mate infinite` when the
    /// limit has no mate time.
    #[must_use]
    pub fn to_mate_params(&self) -> GoParams {
        GoParams {
            mate: Some(
                self.mate
                    .map_or(MateLimit::Infinite, |d| MateLimit::Millis(millis(d))),
            ),
            ..GoParams::default()
        }
    }

    /// Whether the limit bounds the search's time: `movetime`, a byo-yomi,
    /// a main time or an increment.
    #[must_use]
    pub fn is_timed(&self) -> bool {
        self.movetime.is_some()
            || self.byoyomi.is_some()
            || self.btime.is_some()
            || self.wtime.is_some()
            || self.binc.is_some()
            || self.winc.is_some()
    }

    /// The longest time `mover` may think under this limit: `movetime` if
    /// given, else byo-yomi plus the mover's remaining main time plus its
    /// increment; `None` for an untimed limit (depth, nodes, infinite).
    ///
    /// ```
    /// use std::time::Duration;
    /// use shogi_rules::Color;
    /// use shogi_usi::Limit;
    /// let s = Duration::from_secs;
    /// let limit = Limit::time(s(10), s(20)).with_byoyomi(s(5));
    /// assert_eq!(limit.move_time(Color::Sente), Some(s(15)));
    /// assert_eq!(limit.move_time(Color::Gote), Some(s(25)));
    /// assert_eq!(Limit::depth(8).move_time(Color::Sente), None);
    /// ```
    #[must_use]
    pub fn move_time(&self, mover: Color) -> Option<Duration> {
        if let Some(movetime) = self.movetime {
            return Some(movetime);
        }
        if !self.is_timed() {
            return None;
        }
        let (main, inc) = match mover {
            Color::Sente => (self.btime, self.binc),
            Color::Gote => (self.wtime, self.winc),
        };
        Some(self.byoyomi.unwrap_or_default() + main.unwrap_or_default() + inc.unwrap_or_default())
    }

    /// How long the client waits for `bestmove` before it sends `stop`:
    /// [`move_time`](Limit::move_time) plus `margin` for a timed limit,
    /// `untimed` otherwise (`None`: no deadline).
    #[must_use]
    pub fn deadline(
        &self,
        mover: Color,
        margin: Duration,
        untimed: Option<Duration>,
    ) -> Option<Duration> {
        match self.move_time(mover) {
            Some(t) => Some(t + margin),
            None => untimed,
        }
    }

    /// How long a mate search may take before the client sends `stop`: the
    /// mate time plus `margin`, or `untimed` for `mate infinite`.
    #[must_use]
    pub fn mate_deadline(&self, margin: Duration, untimed: Option<Duration>) -> Option<Duration> {
        match self.mate {
            Some(t) => Some(t + margin),
            None => untimed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn deadlines() {
        let margin = MS(1000);
        let untimed = Some(MS(60_000));
        assert_eq!(
            Limit::byoyomi(MS(300)).deadline(Color::Gote, margin, untimed),
            Some(MS(1300))
        );
        assert_eq!(
            Limit::movetime(MS(200))
                .with_byoyomi(MS(5000))
                .deadline(Color::Sente, margin, untimed),
            Some(MS(1200))
        );
        let clock = Limit::time(MS(1000), MS(2000)).with_increment(MS(100), MS(300));
        assert_eq!(
            clock.deadline(Color::Sente, margin, untimed),
            Some(MS(2100))
        );
        assert_eq!(clock.deadline(Color::Gote, margin, untimed), Some(MS(3300)));
        assert_eq!(
            Limit::depth(3).deadline(Color::Sente, margin, untimed),
            untimed
        );
        assert_eq!(Limit::nodes(3).deadline(Color::Sente, margin, None), None);
        assert_eq!(
            Limit::infinite().deadline(Color::Sente, margin, untimed),
            untimed
        );
        assert_eq!(
            Limit::mate(MS(500)).mate_deadline(margin, None),
            Some(MS(1500))
        );
        assert_eq!(Limit::infinite().mate_deadline(margin, untimed), untimed);
    }

    #[test]
    fn go_params() {
        assert_eq!(Limit::depth(7).to_go_params().to_string(), "go depth 7");
        assert_eq!(
            Limit::nodes(1000).to_go_params().to_string(),
            "go nodes 1000"
        );
        assert_eq!(Limit::infinite().to_go_params().to_string(), "go infinite");
        assert_eq!(
            Limit::mate(MS(1500)).to_mate_params().to_string(),
            "go mate 1500"
        );
        assert_eq!(
            Limit::infinite().to_mate_params().to_string(),
            "go mate infinite"
        );
    }
}
