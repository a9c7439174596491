//! `xiangqi_result`: the code every fallible function returns, its messages,
//! and the translation of every error of the core crate into a code.
//!
//! Codes are grouped in ranges (general 0–99, FEN and setup 100–199, illegal
//! moves 200–249, move text 250–299, games 300–399, records 400–499). A value, once published,
//! keeps its meaning and is never reused. The core's error enums are
//! `#[non_exhaustive]`; a variant a later core adds and this library does not
//! know yet maps to the catch-all code of its range (`*_OTHER`). The test
//! `no_core_error_maps_to_a_catch_all_code` walks one value of every variant
//! of every core error enum (`IllegalReason::ALL`, and examples built for the
//! others) and fails when one does, or when two variants share a code.

use core::ffi::c_char;

use xq::notation::NotationError;
use xq::record::{RecordError, RecordErrorKind};
use xq::{
    FenError, GameError, GameJsonError, IccsMoveError, IllegalMoveError, IllegalReason,
    ParseIccsMoveError, RestoreError, SetupError,
};

use ffi_boundary::{result_message, result_name};

/// The result of a fallible function: `XIANGQI_RESULT_OK` (0) or the reason
/// it failed. Values are stable: a published value keeps its meaning and is
/// never reused. On any result other than `XIANGQI_RESULT_OK`, out-parameters
/// are left untouched unless the function says otherwise
/// (`XIANGQI_RESULT_BUFFER_TOO_SMALL` reports the needed size).
#[allow(non_camel_case_types)]
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum xiangqi_result {
    /// Success.
    Ok = 0,
    /// A pointer argument that must not be NULL was NULL.
    NullParameter = 1,
    /// The library caught an internal panic; no output was written, but a
    /// handle passed for mutation may be in an unspecified (still valid,
    /// freeable) state.
    Panic = 2,
    /// Text passed in is not valid UTF-8.
    InvalidUtf8 = 3,
    /// The caller's buffer is too small; the needed length was written to
    /// `*out_len`.
    BufferTooSmall = 4,
    /// An argument is out of range: a point, role or color value that does
    /// not exist, a perft depth above `XIANGQI_MAX_PERFT_DEPTH`, or move bits
    /// that no move has.
    InvalidArgument = 5,

    /// FEN: the text is empty (or only spaces).
    FenEmpty = 100,
    /// FEN: a required field is missing.
    FenMissingField = 101,
    /// FEN: a character in the placement that is not a piece letter, a digit
    /// 1–9 or `/`.
    FenPlacementCharacter = 102,
    /// FEN: a rank that does not describe exactly nine points.
    FenRankLength = 103,
    /// FEN: the placement does not have exactly ten ranks.
    FenRankCount = 104,
    /// FEN: a field that is not what it should be (a side to move other than
    /// `w`, `r` or `b`, castling or en passant other than `-`, a counter that
    /// is not a number).
    FenBadField = 105,
    /// FEN: text after the sixth field.
    FenTrailingText = 106,
    /// Illegal setup: a side has no general, or more than one.
    SetupGeneralCount = 120,
    /// Illegal setup: a side has more pieces of a role than the standard set.
    SetupTooManyPieces = 121,
    /// Illegal setup: a general outside its palace, an advisor off its
    /// palace's diagonals or an elephant off its side's elephant points.
    SetupImpossiblePoint = 122,
    /// Illegal setup: the generals face each other on an open file.
    SetupGeneralsFacing = 123,
    /// Illegal setup: the side not to move is in check.
    SetupOpponentInCheck = 124,
    /// A FEN or setup error this version does not name.
    FenOther = 199,

    /// Illegal move (`no_piece`): no piece stands on the origin.
    IllegalNoPiece = 200,
    /// Illegal move (`not_your_piece`): the piece on the origin belongs to the
    /// side not to move.
    IllegalNotYourPiece = 201,
    /// Illegal move (`own_piece`): a piece of the mover's side stands on the
    /// destination.
    IllegalOwnPiece = 202,
    /// Illegal move (`wrong_direction`): the role never moves that way.
    IllegalWrongDirection = 203,
    /// Illegal move (`outside_palace`): a general or advisor would leave its
    /// palace.
    IllegalOutsidePalace = 204,
    /// Illegal move (`crosses_river`): an elephant would cross the river.
    IllegalCrossesRiver = 205,
    /// Illegal move (`soldier_backward`): a soldier would move backward.
    IllegalSoldierBackward = 206,
    /// Illegal move (`soldier_sideways_before_river`): a soldier would move
    /// sideways before crossing the river.
    IllegalSoldierSidewaysBeforeRiver = 207,
    /// Illegal move (`elephant_blocked`): the elephant's eye is occupied.
    IllegalElephantBlocked = 208,
    /// Illegal move (`horse_blocked`): the horse's leg is occupied.
    IllegalHorseBlocked = 209,
    /// Illegal move (`path_blocked`): a chariot, or a cannon not capturing,
    /// would pass over a piece.
    IllegalPathBlocked = 210,
    /// Illegal move (`no_screen`): a cannon would capture with no piece to
    /// jump over.
    IllegalNoScreen = 211,
    /// Illegal move (`too_many_screens`): a cannon would capture over two or
    /// more pieces.
    IllegalTooManyScreens = 212,
    /// Illegal move (`move_mismatch`): the move's points make a legal move,
    /// but its role or capture is not what stands on the board.
    IllegalMoveMismatch = 213,
    /// Illegal move (`flying_general`): the generals would face each other on
    /// an open file.
    IllegalFlyingGeneral = 214,
    /// Illegal move (`leaves_general_in_check`): the mover's general would be
    /// attacked.
    IllegalLeavesGeneralInCheck = 215,
    /// An illegal-move reason this version does not name.
    IllegalOther = 249,

    /// Move text: not an ICCS move (two points such as `h2e2` or `H2-E2`).
    IccsSyntax = 250,
    /// Move text in a notation (`xiangqi_notation_parse`): the text is not a
    /// move in the notation.
    NotationSyntax = 251,
    /// Move text in a notation: a well-formed move that no legal move of the
    /// position is (a coordinate move that breaks a rule is
    /// `XIANGQI_RESULT_ILLEGAL_*` instead).
    NotationNoLegalMove = 252,
    /// Move text in a notation: the text fits several legal moves.
    NotationAmbiguous = 253,
    /// A move-text error this version does not name.
    MoveTextOther = 299,

    /// Game: the game is over.
    GameOver = 300,
    /// Game: there is no move to take back.
    NothingToUndo = 301,
    /// Game: the side has made as many draw offers as the rules allow.
    NoDrawOffersLeft = 302,
    /// Game: a draw offer is open already.
    DrawOfferPending = 303,
    /// Game: there is no open draw offer of the other side to answer.
    NoDrawOffer = 304,
    /// Game: the game has no clock (its rules are untimed).
    NoClock = 305,
    /// Game JSON: malformed JSON, or JSON that is not the saved form of a game
    /// (a field missing or of the wrong type). A saved form that does not
    /// restore has a `XIANGQI_RESULT_RESTORE_*` code.
    GameJson = 320,
    /// Saved game: the start position is malformed or not a legal setup.
    RestoreStart = 321,
    /// Saved game: a move is malformed or illegal.
    RestoreMove = 322,
    /// Saved game: a move follows the end of the game the moves before it
    /// give.
    RestoreMoveAfterEnd = 323,
    /// Saved game: the moves end the game otherwise than the saved result
    /// says.
    RestoreOutcomeMismatch = 324,
    /// Saved game: the moves end the game but no result is saved.
    RestoreMissingOutcome = 325,
    /// Saved game: a result the rules decide from the moves (checkmate, no
    /// legal moves, repetition, perpetual check, move limit, bare material),
    /// but the moves do not end the game.
    RestoreRulesDecided = 326,
    /// Saved game: the winner does not fit the termination.
    RestoreWinner = 327,
    /// Saved game: a draw agreement, but no draw offer was made.
    RestoreAgreementWithoutOffer = 328,
    /// Saved game: a side made more draw offers than the rules allow.
    RestoreDrawOffers = 329,
    /// Saved game: an open draw offer that could not be open (the game is
    /// over, or the side made no offer).
    RestoreDrawOffer = 330,
    /// Saved game: the rules are timed but no clock is saved.
    RestoreClockMissing = 331,
    /// Saved game: the rules are untimed but a clock is saved.
    RestoreUnexpectedClock = 332,
    /// Saved game: the clock's settings are not the rules' clock settings.
    RestoreClockSettings = 333,
    /// Saved game: a remaining time that play under the clock settings cannot give
    /// (more main time or periods than the settings, a timed-out side with time left, ...).
    RestoreClockState = 334,
    /// Saved game: a side's time has run out but the game did not end by its loss on time.
    RestoreTimedOut = 335,
    /// Saved game: a loss on time whose loser's clock does not show its time run out.
    RestoreNotTimedOut = 336,
    /// A game error this version does not name.
    GameOther = 349,

    /// Record: the bytes are neither UTF-8 nor GBK/GB18030 text.
    RecordEncoding = 400,
    /// Record: a malformed tag pair (`[Name "value"]`).
    RecordBadTag = 401,
    /// Record: the `[FEN]` tag is not a legal position.
    RecordBadFen = 402,
    /// Record: a token of the move text is not a move in any notation read.
    RecordBadMoveText = 403,
    /// Record: a move that names both points is illegal in its position.
    RecordIllegalMove = 404,
    /// Record: a descriptive move (WXF, Chinese, SAN) fits no legal move.
    RecordNoSuchMove = 405,
    /// Record: a move fits several legal moves.
    RecordAmbiguousMove = 406,
    /// Record: a token that cannot stand where it does (a `)` without `(`,
    /// a variation before any move, a result inside a variation).
    RecordUnexpectedToken = 407,
    /// Record: a `{` comment that is never closed.
    RecordUnterminatedComment = 408,
    /// Record: a `(` variation that is never closed.
    RecordUnterminatedVariation = 409,
    /// Record: the input exceeds one of the `xiangqi_read_limits`.
    RecordLimitExceeded = 410,
    /// Record: a one-game read of text that holds no game or several.
    RecordGameCount = 411,
    /// A record error this version does not name.
    RecordOther = 499,
}

/// Every code, in increasing order.
pub(crate) fn all_results() -> &'static [xiangqi_result] {
    use xiangqi_result::*;
    const ALL: [xiangqi_result; 78] = [
        Ok,
        NullParameter,
        Panic,
        InvalidUtf8,
        BufferTooSmall,
        InvalidArgument,
        FenEmpty,
        FenMissingField,
        FenPlacementCharacter,
        FenRankLength,
        FenRankCount,
        FenBadField,
        FenTrailingText,
        SetupGeneralCount,
        SetupTooManyPieces,
        SetupImpossiblePoint,
        SetupGeneralsFacing,
        SetupOpponentInCheck,
        FenOther,
        IllegalNoPiece,
        IllegalNotYourPiece,
        IllegalOwnPiece,
        IllegalWrongDirection,
        IllegalOutsidePalace,
        IllegalCrossesRiver,
        IllegalSoldierBackward,
        IllegalSoldierSidewaysBeforeRiver,
        IllegalElephantBlocked,
        IllegalHorseBlocked,
        IllegalPathBlocked,
        IllegalNoScreen,
        IllegalTooManyScreens,
        IllegalMoveMismatch,
        IllegalFlyingGeneral,
        IllegalLeavesGeneralInCheck,
        IllegalOther,
        IccsSyntax,
        NotationSyntax,
        NotationNoLegalMove,
        NotationAmbiguous,
        MoveTextOther,
        GameOver,
        NothingToUndo,
        NoDrawOffersLeft,
        DrawOfferPending,
        NoDrawOffer,
        NoClock,
        GameJson,
        RestoreStart,
        RestoreMove,
        RestoreMoveAfterEnd,
        RestoreOutcomeMismatch,
        RestoreMissingOutcome,
        RestoreRulesDecided,
        RestoreWinner,
        RestoreAgreementWithoutOffer,
        RestoreDrawOffers,
        RestoreDrawOffer,
        RestoreClockMissing,
        RestoreUnexpectedClock,
        RestoreClockSettings,
        RestoreClockState,
        RestoreTimedOut,
        RestoreNotTimedOut,
        GameOther,
        RecordEncoding,
        RecordBadTag,
        RecordBadFen,
        RecordBadMoveText,
        RecordIllegalMove,
        RecordNoSuchMove,
        RecordAmbiguousMove,
        RecordUnexpectedToken,
        RecordUnterminatedComment,
        RecordUnterminatedVariation,
        RecordLimitExceeded,
        RecordGameCount,
        RecordOther,
    ];
    &ALL
}

impl xiangqi_result {
    /// The C name, `"XIANGQI_RESULT_ILLEGAL_NO_SCREEN"`, NUL-terminated.
    pub(crate) const fn name(self) -> &'static str {
        use xiangqi_result::*;
        match self {
            Ok => "XIANGQI_RESULT_OK\0",
            NullParameter => "XIANGQI_RESULT_NULL_PARAMETER\0",
            Panic => "XIANGQI_RESULT_PANIC\0",
            InvalidUtf8 => "XIANGQI_RESULT_INVALID_UTF8\0",
            BufferTooSmall => "XIANGQI_RESULT_BUFFER_TOO_SMALL\0",
            InvalidArgument => "XIANGQI_RESULT_INVALID_ARGUMENT\0",
            FenEmpty => "XIANGQI_RESULT_FEN_EMPTY\0",
            FenMissingField => "XIANGQI_RESULT_FEN_MISSING_FIELD\0",
            FenPlacementCharacter => "XIANGQI_RESULT_FEN_PLACEMENT_CHARACTER\0",
            FenRankLength => "XIANGQI_RESULT_FEN_RANK_LENGTH\0",
            FenRankCount => "XIANGQI_RESULT_FEN_RANK_COUNT\0",
            FenBadField => "XIANGQI_RESULT_FEN_BAD_FIELD\0",
            FenTrailingText => "XIANGQI_RESULT_FEN_TRAILING_TEXT\0",
            SetupGeneralCount => "XIANGQI_RESULT_SETUP_GENERAL_COUNT\0",
            SetupTooManyPieces => "XIANGQI_RESULT_SETUP_TOO_MANY_PIECES\0",
            SetupImpossiblePoint => "XIANGQI_RESULT_SETUP_IMPOSSIBLE_POINT\0",
            SetupGeneralsFacing => "XIANGQI_RESULT_SETUP_GENERALS_FACING\0",
            SetupOpponentInCheck => "XIANGQI_RESULT_SETUP_OPPONENT_IN_CHECK\0",
            FenOther => "XIANGQI_RESULT_FEN_OTHER\0",
            IllegalNoPiece => "XIANGQI_RESULT_ILLEGAL_NO_PIECE\0",
            IllegalNotYourPiece => "XIANGQI_RESULT_ILLEGAL_NOT_YOUR_PIECE\0",
            IllegalOwnPiece => "XIANGQI_RESULT_ILLEGAL_OWN_PIECE\0",
            IllegalWrongDirection => "XIANGQI_RESULT_ILLEGAL_WRONG_DIRECTION\0",
            IllegalOutsidePalace => "XIANGQI_RESULT_ILLEGAL_OUTSIDE_PALACE\0",
            IllegalCrossesRiver => "XIANGQI_RESULT_ILLEGAL_CROSSES_RIVER\0",
            IllegalSoldierBackward => "XIANGQI_RESULT_ILLEGAL_SOLDIER_BACKWARD\0",
            IllegalSoldierSidewaysBeforeRiver => {
                "XIANGQI_RESULT_ILLEGAL_SOLDIER_SIDEWAYS_BEFORE_RIVER\0"
            }
            IllegalElephantBlocked => "XIANGQI_RESULT_ILLEGAL_ELEPHANT_BLOCKED\0",
            IllegalHorseBlocked => "XIANGQI_RESULT_ILLEGAL_HORSE_BLOCKED\0",
            IllegalPathBlocked => "XIANGQI_RESULT_ILLEGAL_PATH_BLOCKED\0",
            IllegalNoScreen => "XIANGQI_RESULT_ILLEGAL_NO_SCREEN\0",
            IllegalTooManyScreens => "XIANGQI_RESULT_ILLEGAL_TOO_MANY_SCREENS\0",
            IllegalMoveMismatch => "XIANGQI_RESULT_ILLEGAL_MOVE_MISMATCH\0",
            IllegalFlyingGeneral => "XIANGQI_RESULT_ILLEGAL_FLYING_GENERAL\0",
            IllegalLeavesGeneralInCheck => "XIANGQI_RESULT_ILLEGAL_LEAVES_GENERAL_IN_CHECK\0",
            IllegalOther => "XIANGQI_RESULT_ILLEGAL_OTHER\0",
            IccsSyntax => "XIANGQI_RESULT_ICCS_SYNTAX\0",
            NotationSyntax => "XIANGQI_RESULT_NOTATION_SYNTAX\0",
            NotationNoLegalMove => "XIANGQI_RESULT_NOTATION_NO_LEGAL_MOVE\0",
            NotationAmbiguous => "XIANGQI_RESULT_NOTATION_AMBIGUOUS\0",
            MoveTextOther => "XIANGQI_RESULT_MOVE_TEXT_OTHER\0",
            GameOver => "XIANGQI_RESULT_GAME_OVER\0",
            NothingToUndo => "XIANGQI_RESULT_NOTHING_TO_UNDO\0",
            NoDrawOffersLeft => "XIANGQI_RESULT_NO_DRAW_OFFERS_LEFT\0",
            DrawOfferPending => "XIANGQI_RESULT_DRAW_OFFER_PENDING\0",
            NoDrawOffer => "XIANGQI_RESULT_NO_DRAW_OFFER\0",
            NoClock => "XIANGQI_RESULT_NO_CLOCK\0",
            GameJson => "XIANGQI_RESULT_GAME_JSON\0",
            RestoreStart => "XIANGQI_RESULT_RESTORE_START\0",
            RestoreMove => "XIANGQI_RESULT_RESTORE_MOVE\0",
            RestoreMoveAfterEnd => "XIANGQI_RESULT_RESTORE_MOVE_AFTER_END\0",
            RestoreOutcomeMismatch => "XIANGQI_RESULT_RESTORE_OUTCOME_MISMATCH\0",
            RestoreMissingOutcome => "XIANGQI_RESULT_RESTORE_MISSING_OUTCOME\0",
            RestoreRulesDecided => "XIANGQI_RESULT_RESTORE_RULES_DECIDED\0",
            RestoreWinner => "XIANGQI_RESULT_RESTORE_WINNER\0",
            RestoreAgreementWithoutOffer => "XIANGQI_RESULT_RESTORE_AGREEMENT_WITHOUT_OFFER\0",
            RestoreDrawOffers => "XIANGQI_RESULT_RESTORE_DRAW_OFFERS\0",
            RestoreDrawOffer => "XIANGQI_RESULT_RESTORE_DRAW_OFFER\0",
            RestoreClockMissing => "XIANGQI_RESULT_RESTORE_CLOCK_MISSING\0",
            RestoreUnexpectedClock => "XIANGQI_RESULT_RESTORE_UNEXPECTED_CLOCK\0",
            RestoreClockSettings => "XIANGQI_RESULT_RESTORE_CLOCK_SETTINGS\0",
            RestoreClockState => "XIANGQI_RESULT_RESTORE_CLOCK_STATE\0",
            RestoreTimedOut => "XIANGQI_RESULT_RESTORE_TIMED_OUT\0",
            RestoreNotTimedOut => "XIANGQI_RESULT_RESTORE_NOT_TIMED_OUT\0",
            GameOther => "XIANGQI_RESULT_GAME_OTHER\0",
            RecordEncoding => "XIANGQI_RESULT_RECORD_ENCODING\0",
            RecordBadTag => "XIANGQI_RESULT_RECORD_BAD_TAG\0",
            RecordBadFen => "XIANGQI_RESULT_RECORD_BAD_FEN\0",
            RecordBadMoveText => "XIANGQI_RESULT_RECORD_BAD_MOVE_TEXT\0",
            RecordIllegalMove => "XIANGQI_RESULT_RECORD_ILLEGAL_MOVE\0",
            RecordNoSuchMove => "XIANGQI_RESULT_RECORD_NO_SUCH_MOVE\0",
            RecordAmbiguousMove => "XIANGQI_RESULT_RECORD_AMBIGUOUS_MOVE\0",
            RecordUnexpectedToken => "XIANGQI_RESULT_RECORD_UNEXPECTED_TOKEN\0",
            RecordUnterminatedComment => "XIANGQI_RESULT_RECORD_UNTERMINATED_COMMENT\0",
            RecordUnterminatedVariation => "XIANGQI_RESULT_RECORD_UNTERMINATED_VARIATION\0",
            RecordLimitExceeded => "XIANGQI_RESULT_RECORD_LIMIT_EXCEEDED\0",
            RecordGameCount => "XIANGQI_RESULT_RECORD_GAME_COUNT\0",
            RecordOther => "XIANGQI_RESULT_RECORD_OTHER\0",
        }
    }

    /// A one-line English description.
    pub(crate) const fn message(self) -> &'static str {
        use xiangqi_result::*;
        match self {
            Ok => "success",
            NullParameter => "a required pointer argument was NULL",
            Panic => "internal error: the library panicked",
            InvalidUtf8 => "the text is not valid UTF-8",
            BufferTooSmall => "the buffer is too small",
            InvalidArgument => "an argument is out of range",
            FenEmpty => "FEN: empty text",
            FenMissingField => "FEN: a field is missing",
            FenPlacementCharacter => "FEN: unexpected character in the placement",
            FenRankLength => "FEN: a rank does not have 9 points",
            FenRankCount => "FEN: the placement does not have 10 ranks",
            FenBadField => "FEN: a bad side to move, castling, en passant or counter field",
            FenTrailingText => "FEN: unexpected text after the move number",
            SetupGeneralCount => "illegal setup: a side does not have exactly one general",
            SetupTooManyPieces => "illegal setup: more pieces of a role than the standard set",
            SetupImpossiblePoint => "illegal setup: a piece on a point it can never reach",
            SetupGeneralsFacing => "illegal setup: the generals face each other on an open file",
            SetupOpponentInCheck => "illegal setup: the side not to move is in check",
            FenOther => "invalid FEN or setup",
            IllegalNoPiece => "illegal move: no_piece: there is no piece on that point",
            IllegalNotYourPiece => {
                "illegal move: not_your_piece: that piece belongs to the other side"
            }
            IllegalOwnPiece => {
                "illegal move: own_piece: a piece of the same side stands on the destination"
            }
            IllegalWrongDirection => {
                "illegal move: wrong_direction: the piece does not move that way"
            }
            IllegalOutsidePalace => {
                "illegal move: outside_palace: the general and the advisors stay in the palace"
            }
            IllegalCrossesRiver => {
                "illegal move: crosses_river: an elephant may not cross the river"
            }
            IllegalSoldierBackward => {
                "illegal move: soldier_backward: a soldier never moves backward"
            }
            IllegalSoldierSidewaysBeforeRiver => {
                "illegal move: soldier_sideways_before_river: a soldier moves sideways only after \
                 crossing the river"
            }
            IllegalElephantBlocked => {
                "illegal move: elephant_blocked: the elephant's eye is blocked"
            }
            IllegalHorseBlocked => "illegal move: horse_blocked: the horse's leg is blocked",
            IllegalPathBlocked => "illegal move: path_blocked: a piece stands in the way",
            IllegalNoScreen => {
                "illegal move: no_screen: a cannon captures only by jumping over one piece"
            }
            IllegalTooManyScreens => {
                "illegal move: too_many_screens: a cannon captures by jumping over exactly one \
                 piece"
            }
            IllegalMoveMismatch => {
                "illegal move: move_mismatch: the move names a role or capture other than the \
                 pieces on the board"
            }
            IllegalFlyingGeneral => {
                "illegal move: flying_general: the generals may not face each other on an open \
                 file"
            }
            IllegalLeavesGeneralInCheck => {
                "illegal move: leaves_general_in_check: the move leaves the general in check"
            }
            IllegalOther => "illegal move",
            IccsSyntax => "not an ICCS move: expected two points such as h2e2 or H2-E2",
            NotationSyntax => "move text: not a move in the notation",
            NotationNoLegalMove => "move text: no legal move is the move described",
            NotationAmbiguous => "move text: the text fits several legal moves",
            MoveTextOther => "malformed move text",
            GameOver => "the game is over",
            NothingToUndo => "there is no move to take back",
            NoDrawOffersLeft => "the side has no draw offers left",
            DrawOfferPending => "a draw offer is open already",
            NoDrawOffer => "there is no draw offer to answer",
            NoClock => "the game has no clock",
            GameJson => "the JSON is not a valid saved game",
            RestoreStart => "saved game: the start position is malformed or illegal",
            RestoreMove => "saved game: a move is malformed or illegal",
            RestoreMoveAfterEnd => "saved game: a move follows the end of the game",
            RestoreOutcomeMismatch => {
                "saved game: the moves end the game otherwise than the saved result says"
            }
            RestoreMissingOutcome => "saved game: the moves end the game but no result is saved",
            RestoreRulesDecided => {
                "saved game: a result the rules decide, but the moves do not end the game"
            }
            RestoreWinner => "saved game: the winner does not fit the termination",
            RestoreAgreementWithoutOffer => {
                "saved game: a draw agreement, but no draw offer was made"
            }
            RestoreDrawOffers => "saved game: more draw offers than the rules allow",
            RestoreDrawOffer => "saved game: the open draw offer could not be open",
            RestoreClockMissing => "saved game: the rules are timed but no clock is saved",
            RestoreUnexpectedClock => "saved game: the rules are untimed but a clock is saved",
            RestoreClockSettings => "saved game: the clock's settings are not the rules'",
            RestoreClockState => "saved game: a remaining time beyond the clock settings",
            RestoreTimedOut => "saved game: a side's time ran out but the game did not end on time",
            RestoreNotTimedOut => "saved game: a loss on time whose loser's time has not run out",
            GameOther => "the game refused the action",
            RecordEncoding => "record: the bytes are neither UTF-8 nor GBK text",
            RecordBadTag => "record: malformed tag pair",
            RecordBadFen => "record: the FEN tag is not a legal position",
            RecordBadMoveText => "record: a token of the move text is not a move",
            RecordIllegalMove => "record: an illegal move",
            RecordNoSuchMove => "record: a move fits no legal move",
            RecordAmbiguousMove => "record: a move fits several legal moves",
            RecordUnexpectedToken => "record: a token that cannot stand there",
            RecordUnterminatedComment => "record: a comment is not closed",
            RecordUnterminatedVariation => "record: a variation is not closed",
            RecordLimitExceeded => "record: the input exceeds a read limit",
            RecordGameCount => "record: expected exactly one game",
            RecordOther => "the record could not be read",
        }
    }
}

/// Writes the English description of `result` into `buf`: the text plus a
/// NUL, with its length (without the NUL) in `*out_len`. A value that is not a
/// known code gets the text `unknown result code`.
///
/// Returns `XIANGQI_RESULT_NULL_PARAMETER` if `out_len` is NULL, or `buf` is
/// NULL while `buf_len` is not 0; `XIANGQI_RESULT_BUFFER_TOO_SMALL` (with the
/// needed length in `*out_len`, and an empty string in `buf` when
/// `buf_len > 0`) if the text and its NUL do not fit. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_result_message(
    result: u32,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> xiangqi_result {
    result_message(result, buf, buf_len, out_len)
}

/// The C name of `result` as a static NUL-terminated string
/// (`"XIANGQI_RESULT_ILLEGAL_NO_SCREEN"`), or NULL for a value that is not a
/// known code. Infallible; the string must not be freed. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn xiangqi_result_name(result: u32) -> *const c_char {
    result_name::<xiangqi_result>(result)
}

impl From<IllegalReason> for xiangqi_result {
    fn from(reason: IllegalReason) -> xiangqi_result {
        use xiangqi_result::*;
        match reason {
            IllegalReason::NoPiece => IllegalNoPiece,
            IllegalReason::NotYourPiece => IllegalNotYourPiece,
            IllegalReason::OwnPieceOnTarget => IllegalOwnPiece,
            IllegalReason::NotAMove => IllegalWrongDirection,
            IllegalReason::LeavesPalace => IllegalOutsidePalace,
            IllegalReason::ElephantCrossesRiver => IllegalCrossesRiver,
            IllegalReason::SoldierBackward => IllegalSoldierBackward,
            IllegalReason::SoldierSidewaysBeforeRiver => IllegalSoldierSidewaysBeforeRiver,
            IllegalReason::ElephantEyeBlocked => IllegalElephantBlocked,
            IllegalReason::HorseHobbled => IllegalHorseBlocked,
            IllegalReason::PathBlocked => IllegalPathBlocked,
            IllegalReason::CannonNoScreen => IllegalNoScreen,
            IllegalReason::CannonMoreThanOneScreen => IllegalTooManyScreens,
            IllegalReason::MoveMismatch => IllegalMoveMismatch,
            IllegalReason::FlyingGeneral => IllegalFlyingGeneral,
            IllegalReason::LeavesGeneralInCheck => IllegalLeavesGeneralInCheck,
            _ => IllegalOther,
        }
    }
}

impl From<IllegalMoveError> for xiangqi_result {
    fn from(err: IllegalMoveError) -> xiangqi_result {
        err.reason.into()
    }
}

impl From<ParseIccsMoveError> for xiangqi_result {
    fn from(_: ParseIccsMoveError) -> xiangqi_result {
        xiangqi_result::IccsSyntax
    }
}

impl From<IccsMoveError> for xiangqi_result {
    fn from(err: IccsMoveError) -> xiangqi_result {
        match err {
            IccsMoveError::Syntax(e) => e.into(),
            IccsMoveError::Illegal(e) => e.into(),
            _ => xiangqi_result::MoveTextOther,
        }
    }
}

impl From<NotationError> for xiangqi_result {
    fn from(err: NotationError) -> xiangqi_result {
        match err {
            NotationError::Syntax { .. } => xiangqi_result::NotationSyntax,
            NotationError::NoLegalMove {
                reason: Some(reason),
                ..
            } => reason.into(),
            NotationError::NoLegalMove { .. } => xiangqi_result::NotationNoLegalMove,
            NotationError::Ambiguous { .. } => xiangqi_result::NotationAmbiguous,
            _ => xiangqi_result::MoveTextOther,
        }
    }
}

impl From<&RecordErrorKind> for xiangqi_result {
    fn from(kind: &RecordErrorKind) -> xiangqi_result {
        use xiangqi_result::*;
        match kind {
            RecordErrorKind::Encoding => RecordEncoding,
            RecordErrorKind::BadTag(_) => RecordBadTag,
            RecordErrorKind::BadFen(_) => RecordBadFen,
            RecordErrorKind::BadMoveText(_) => RecordBadMoveText,
            RecordErrorKind::IllegalMove { .. } => RecordIllegalMove,
            RecordErrorKind::NoSuchMove { .. } => RecordNoSuchMove,
            RecordErrorKind::AmbiguousMove { .. } => RecordAmbiguousMove,
            RecordErrorKind::UnexpectedToken(_) => RecordUnexpectedToken,
            RecordErrorKind::UnterminatedComment => RecordUnterminatedComment,
            RecordErrorKind::UnterminatedVariation => RecordUnterminatedVariation,
            RecordErrorKind::LimitExceeded { .. } => RecordLimitExceeded,
            RecordErrorKind::GameCount(_) => RecordGameCount,
            _ => RecordOther,
        }
    }
}

impl From<&RecordError> for xiangqi_result {
    fn from(err: &RecordError) -> xiangqi_result {
        (&err.kind).into()
    }
}

impl From<SetupError> for xiangqi_result {
    fn from(err: SetupError) -> xiangqi_result {
        match err {
            SetupError::GeneralCount { .. } => xiangqi_result::SetupGeneralCount,
            SetupError::TooManyPieces { .. } => xiangqi_result::SetupTooManyPieces,
            SetupError::ImpossiblePoint { .. } => xiangqi_result::SetupImpossiblePoint,
            SetupError::GeneralsFacing => xiangqi_result::SetupGeneralsFacing,
            SetupError::OpponentInCheck(_) => xiangqi_result::SetupOpponentInCheck,
            _ => xiangqi_result::FenOther,
        }
    }
}

impl From<FenError> for xiangqi_result {
    fn from(err: FenError) -> xiangqi_result {
        match err {
            FenError::Empty => xiangqi_result::FenEmpty,
            FenError::MissingField { .. } => xiangqi_result::FenMissingField,
            FenError::PlacementCharacter { .. } => xiangqi_result::FenPlacementCharacter,
            FenError::RankLength { .. } => xiangqi_result::FenRankLength,
            FenError::RankCount { .. } => xiangqi_result::FenRankCount,
            FenError::BadField { .. } => xiangqi_result::FenBadField,
            FenError::TrailingText { .. } => xiangqi_result::FenTrailingText,
            FenError::Setup(e) => e.into(),
            _ => xiangqi_result::FenOther,
        }
    }
}

impl From<GameError> for xiangqi_result {
    fn from(err: GameError) -> xiangqi_result {
        match err {
            GameError::GameOver(_) => xiangqi_result::GameOver,
            GameError::IllegalMove(e) => e.into(),
            GameError::BadMoveText(e) => e.into(),
            GameError::NothingToUndo => xiangqi_result::NothingToUndo,
            GameError::NoDrawOffersLeft(_) => xiangqi_result::NoDrawOffersLeft,
            GameError::DrawOfferPending => xiangqi_result::DrawOfferPending,
            GameError::NoDrawOffer => xiangqi_result::NoDrawOffer,
            GameError::NoClock => xiangqi_result::NoClock,
            _ => xiangqi_result::GameOther,
        }
    }
}

impl From<&RestoreError> for xiangqi_result {
    fn from(err: &RestoreError) -> xiangqi_result {
        use xiangqi_result::*;
        match err {
            RestoreError::Start(_) => RestoreStart,
            RestoreError::Move { .. } => RestoreMove,
            RestoreError::MoveAfterEnd { .. } => RestoreMoveAfterEnd,
            RestoreError::OutcomeMismatch { .. } => RestoreOutcomeMismatch,
            RestoreError::MissingOutcome { .. } => RestoreMissingOutcome,
            RestoreError::RulesDecided { .. } => RestoreRulesDecided,
            RestoreError::Winner { .. } => RestoreWinner,
            RestoreError::AgreementWithoutOffer => RestoreAgreementWithoutOffer,
            RestoreError::DrawOffers { .. } => RestoreDrawOffers,
            RestoreError::DrawOffer { .. } => RestoreDrawOffer,
            RestoreError::ClockMissing => RestoreClockMissing,
            RestoreError::UnexpectedClock => RestoreUnexpectedClock,
            RestoreError::ClockSettings { .. } => RestoreClockSettings,
            RestoreError::ClockState(_) => RestoreClockState,
            RestoreError::TimedOut { .. } => RestoreTimedOut,
            RestoreError::NotTimedOut { .. } => RestoreNotTimedOut,
            _ => GameOther,
        }
    }
}

impl From<&GameJsonError> for xiangqi_result {
    fn from(err: &GameJsonError) -> xiangqi_result {
        match err {
            GameJsonError::Json(_) => xiangqi_result::GameJson,
            GameJsonError::Restore(e) => e.into(),
            _ => xiangqi_result::GameOther,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::text;
    use ffi_boundary::result_of;
    use std::collections::HashMap;
    use xq::notation::Notation;
    use xq::record::Limit;
    use xq::{Color, FenField, Piece, Position, Role, Square};

    /// Every code with the value it was published with.
    const PUBLISHED: [(xiangqi_result, u32); 78] = {
        use xiangqi_result::*;
        [
            (Ok, 0),
            (NullParameter, 1),
            (Panic, 2),
            (InvalidUtf8, 3),
            (BufferTooSmall, 4),
            (InvalidArgument, 5),
            (FenEmpty, 100),
            (FenMissingField, 101),
            (FenPlacementCharacter, 102),
            (FenRankLength, 103),
            (FenRankCount, 104),
            (FenBadField, 105),
            (FenTrailingText, 106),
            (SetupGeneralCount, 120),
            (SetupTooManyPieces, 121),
            (SetupImpossiblePoint, 122),
            (SetupGeneralsFacing, 123),
            (SetupOpponentInCheck, 124),
            (FenOther, 199),
            (IllegalNoPiece, 200),
            (IllegalNotYourPiece, 201),
            (IllegalOwnPiece, 202),
            (IllegalWrongDirection, 203),
            (IllegalOutsidePalace, 204),
            (IllegalCrossesRiver, 205),
            (IllegalSoldierBackward, 206),
            (IllegalSoldierSidewaysBeforeRiver, 207),
            (IllegalElephantBlocked, 208),
            (IllegalHorseBlocked, 209),
            (IllegalPathBlocked, 210),
            (IllegalNoScreen, 211),
            (IllegalTooManyScreens, 212),
            (IllegalMoveMismatch, 213),
            (IllegalFlyingGeneral, 214),
            (IllegalLeavesGeneralInCheck, 215),
            (IllegalOther, 249),
            (IccsSyntax, 250),
            (NotationSyntax, 251),
            (NotationNoLegalMove, 252),
            (NotationAmbiguous, 253),
            (MoveTextOther, 299),
            (GameOver, 300),
            (NothingToUndo, 301),
            (NoDrawOffersLeft, 302),
            (DrawOfferPending, 303),
            (NoDrawOffer, 304),
            (NoClock, 305),
            (GameJson, 320),
            (RestoreStart, 321),
            (RestoreMove, 322),
            (RestoreMoveAfterEnd, 323),
            (RestoreOutcomeMismatch, 324),
            (RestoreMissingOutcome, 325),
            (RestoreRulesDecided, 326),
            (RestoreWinner, 327),
            (RestoreAgreementWithoutOffer, 328),
            (RestoreDrawOffers, 329),
            (RestoreDrawOffer, 330),
            (RestoreClockMissing, 331),
            (RestoreUnexpectedClock, 332),
            (RestoreClockSettings, 333),
            (RestoreClockState, 334),
            (RestoreTimedOut, 335),
            (RestoreNotTimedOut, 336),
            (GameOther, 349),
            (RecordEncoding, 400),
            (RecordBadTag, 401),
            (RecordBadFen, 402),
            (RecordBadMoveText, 403),
            (RecordIllegalMove, 404),
            (RecordNoSuchMove, 405),
            (RecordAmbiguousMove, 406),
            (RecordUnexpectedToken, 407),
            (RecordUnterminatedComment, 408),
            (RecordUnterminatedVariation, 409),
            (RecordLimitExceeded, 410),
            (RecordGameCount, 411),
            (RecordOther, 499),
        ]
    };

    #[test]
    fn codes_keep_their_published_values() {
        for (code, value) in PUBLISHED {
            assert_eq!(code as u32, value, "{code:?}");
        }
        assert_eq!(
            all_results().to_vec(),
            PUBLISHED.map(|(code, _)| code).to_vec(),
            "every code is listed once, in increasing order"
        );
    }

    #[test]
    fn every_code_has_a_name_and_a_message_and_reads_back_from_its_value() {
        for &code in all_results() {
            let name = code.name();
            assert!(name.starts_with("XIANGQI_RESULT_") && name.ends_with('\0'));
            assert!(!code.message().is_empty());
            assert_eq!(result_of::<xiangqi_result>(code as u32), Some(code));
            let message = text(|b, l, n| xiangqi_result_message(code as u32, b, l, n));
            assert_eq!(message, code.message());
        }
        assert_eq!(result_of::<xiangqi_result>(6), None);
        assert_eq!(result_of::<xiangqi_result>(u32::MAX), None);
        assert!(xiangqi_result_name(6).is_null());
        let unknown = text(|b, l, n| xiangqi_result_message(6, b, l, n));
        assert_eq!(unknown, "unknown result code");
    }

    /// The header lists exactly the codes of `all_results`, with the same
    /// names and values (it is generated, but a stale header would lie).
    #[test]
    fn the_committed_header_lists_every_code() {
        let header = include_str!("../../include/xiangqi_rules.h");
        assert_eq!(
            ffi_boundary::header_codes(header, "XIANGQI_RESULT_"),
            ffi_boundary::table_codes::<xiangqi_result>()
        );
    }

    /// The catch-all codes: what a variant of a core error enum that this
    /// library does not name would map to.
    const CATCH_ALL: [xiangqi_result; 5] = [
        xiangqi_result::FenOther,
        xiangqi_result::IllegalOther,
        xiangqi_result::MoveTextOther,
        xiangqi_result::GameOther,
        xiangqi_result::RecordOther,
    ];

    /// One value of each variant of `NotationError` (`NoLegalMove` without a
    /// reason: with one it has the code of the reason).
    fn notation_error_examples() -> Vec<NotationError> {
        vec![
            NotationError::Syntax {
                notation: Notation::Wxf,
                text: "C2?5".into(),
                column: 3,
            },
            NotationError::NoLegalMove {
                notation: Notation::Wxf,
                text: "C2+9".into(),
                reason: None,
            },
            NotationError::Ambiguous {
                notation: Notation::Wxf,
                text: "P+1".into(),
                candidates: Vec::new(),
            },
        ]
    }

    /// One value of each variant of `RecordErrorKind`.
    fn record_error_examples() -> Vec<RecordErrorKind> {
        vec![
            RecordErrorKind::Encoding,
            RecordErrorKind::BadTag("[x".into()),
            RecordErrorKind::BadFen(FenError::Empty),
            RecordErrorKind::BadMoveText("zz".into()),
            RecordErrorKind::IllegalMove {
                ply: 1,
                text: "h2h9".into(),
                reason: IllegalReason::PathBlocked,
            },
            RecordErrorKind::NoSuchMove {
                ply: 1,
                text: "C2+9".into(),
            },
            RecordErrorKind::AmbiguousMove {
                ply: 1,
                text: "P+1".into(),
                candidates: Vec::new(),
            },
            RecordErrorKind::UnexpectedToken(")".into()),
            RecordErrorKind::UnterminatedComment,
            RecordErrorKind::UnterminatedVariation,
            RecordErrorKind::LimitExceeded {
                limit: Limit::Moves,
                max: 1,
            },
            RecordErrorKind::GameCount(2),
        ]
    }

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// One value of each variant of `FenError` (its `Setup` variant once per
    /// variant of `SetupError`). The core's enums are `#[non_exhaustive]`, so
    /// the compiler cannot check that this list is complete: a variant the
    /// core adds without a code here maps to `XIANGQI_RESULT_FEN_OTHER`, and
    /// `fen_errors_read_from_text_map_to_their_codes` covers the parser.
    fn fen_error_examples() -> Vec<FenError> {
        let mut errors = vec![
            FenError::Empty,
            FenError::MissingField {
                field: FenField::SideToMove,
                column: 1,
            },
            FenError::PlacementCharacter {
                found: 'x',
                column: 1,
            },
            FenError::RankLength {
                rank: 9,
                points: 8,
                column: 1,
            },
            FenError::RankCount {
                ranks: 9,
                column: 1,
            },
            FenError::BadField {
                field: FenField::Castling,
                text: "K".into(),
                column: 1,
            },
            FenError::TrailingText { column: 1 },
        ];
        errors.extend(setup_error_examples().into_iter().map(FenError::Setup));
        errors
    }

    /// One value of each variant of `SetupError`.
    fn setup_error_examples() -> Vec<SetupError> {
        vec![
            SetupError::GeneralCount {
                color: Color::Red,
                count: 0,
            },
            SetupError::TooManyPieces {
                color: Color::Red,
                role: Role::Chariot,
                count: 3,
                max: 2,
            },
            SetupError::ImpossiblePoint {
                square: sq("a0"),
                piece: Piece::new(Color::Red, Role::Advisor),
            },
            SetupError::GeneralsFacing,
            SetupError::OpponentInCheck(Color::Black),
        ]
    }

    /// One value of each variant of `GameError` (the core's `examples()`,
    /// its `IllegalMove` variant once more per `IllegalReason`).
    fn game_error_examples() -> Vec<GameError> {
        let mut errors = GameError::examples();
        errors.extend(IllegalReason::ALL.into_iter().map(|reason| {
            GameError::IllegalMove(IllegalMoveError {
                iccs: "h2e2".parse().unwrap(),
                reason,
            })
        }));
        errors
    }

    /// Every variant of every error enum of the core maps to a code of its
    /// own: not to a catch-all `*_OTHER` code, and not to the code of another
    /// variant.
    #[test]
    fn no_core_error_maps_to_a_catch_all_code() {
        let mut codes: Vec<(String, xiangqi_result)> = Vec::new();
        codes.extend(
            fen_error_examples()
                .into_iter()
                .map(|e| (format!("{e:?}"), xiangqi_result::from(e))),
        );
        codes.extend(
            game_error_examples()
                .into_iter()
                .filter(|e| !matches!(e, GameError::IllegalMove(_)))
                .map(|e| (format!("{e:?}"), xiangqi_result::from(e))),
        );
        codes.extend(
            IllegalReason::ALL
                .into_iter()
                .map(|r| (format!("{r:?}"), xiangqi_result::from(r))),
        );
        codes.extend(
            notation_error_examples()
                .into_iter()
                .map(|e| (format!("{e:?}"), xiangqi_result::from(e))),
        );
        codes.extend(
            record_error_examples()
                .iter()
                .map(|e| (format!("{e:?}"), xiangqi_result::from(e))),
        );
        // A saved game that does not restore: each `RestoreError` alone, and
        // the `GameJsonError` variants other than the one that carries it.
        codes.extend(
            RestoreError::examples()
                .iter()
                .map(|e| (format!("{e:?}"), xiangqi_result::from(e))),
        );
        codes.extend(
            GameJsonError::examples()
                .iter()
                .filter(|e| !matches!(e, GameJsonError::Restore(_)))
                .map(|e| (format!("{e:?}"), xiangqi_result::from(e))),
        );
        let mut seen: HashMap<xiangqi_result, String> = HashMap::new();
        for (error, code) in codes {
            assert!(
                !CATCH_ALL.contains(&code)
                    && code != xiangqi_result::Ok
                    && code != xiangqi_result::Panic,
                "{error} maps to {code:?}"
            );
            if let Some(other) = seen.insert(code, error.clone()) {
                panic!("{error} and {other} both map to {code:?}");
            }
        }
        assert_eq!(
            seen.len(),
            7 + 5 + 16 + 7 + 3 + 12 + 16 + 1,
            "FEN, setup, illegal-reason, game, notation, record, restore and JSON codes"
        );
    }

    #[test]
    fn errors_carried_by_other_errors_keep_their_codes() {
        for e in setup_error_examples() {
            assert_eq!(
                xiangqi_result::from(FenError::Setup(e.clone())),
                xiangqi_result::from(e)
            );
        }
        for e in game_error_examples() {
            if let GameError::IllegalMove(illegal) = &e {
                let code = xiangqi_result::from(illegal.reason);
                assert_eq!(xiangqi_result::from(e.clone()), code);
                assert_eq!(
                    xiangqi_result::from(IccsMoveError::Illegal(illegal.clone())),
                    code
                );
            }
        }
        assert_eq!(
            xiangqi_result::from(IccsMoveError::Syntax(ParseIccsMoveError("x".into()))),
            xiangqi_result::IccsSyntax
        );
        for reason in IllegalReason::ALL {
            let e = NotationError::NoLegalMove {
                notation: Notation::Iccs,
                text: "h2h9".into(),
                reason: Some(reason),
            };
            assert_eq!(xiangqi_result::from(e), xiangqi_result::from(reason));
        }
        let e = RecordError::new(3, 4, RecordErrorKind::Encoding);
        assert_eq!(xiangqi_result::from(&e), xiangqi_result::RecordEncoding);
    }

    /// A `RestoreError` keeps its code inside the `GameJsonError` that
    /// carries it.
    #[test]
    fn restore_errors_keep_their_codes_inside_json_errors() {
        for e in RestoreError::examples() {
            let code = xiangqi_result::from(&e);
            assert_eq!(xiangqi_result::from(&GameJsonError::Restore(e)), code);
        }
    }

    /// Forged saved games, one for each `RestoreError` variant, restored
    /// through `Game::from_json`: every variant is reached, in declaration
    /// order, and has a code of its own.
    #[test]
    fn each_restore_error_has_its_own_code() {
        use xiangqi_result::*;
        let mut game = xq::Game::new();
        game.play_iccs("h2e2").unwrap();
        let json = game.to_json();
        let outcome = |o: &str| json.replace(r#""outcome":null"#, &format!(r#""outcome":{o}"#));
        let mut mated = xq::Game::from_position(
            Position::from_fen("3aka3/9/2n6/p1p3p1p/9/4C4/P1P3P1P/1C7/9/3K5 b - - 0 1").unwrap(),
            xq::RuleSet::site(),
        );
        mated.play_iccs("a6a5").unwrap();
        mated.play_iccs("b2e2").unwrap();
        let mated = mated.to_json();
        let checkmate = r#"{"winner":"red","termination":"checkmate"}"#;
        assert!(mated.contains(checkmate), "{mated}");
        let limited = json.replace(r#""max_draw_offers":null"#, r#""max_draw_offers":1"#);
        assert_ne!(limited, json);
        let rules_clock = r#""clock":{"main_time":{"secs":300,"nanos":0},"byoyomi":{"secs":30,"nanos":0},"periods":3}"#;
        assert!(json.contains(rules_clock), "{json}");
        let untimed = json.replacen(rules_clock, r#""clock":null"#, 1);
        let black_side = r#"{"main":{"secs":300,"nanos":0},"periods":3,"timed_out":false}]"#;
        assert!(json.contains(black_side), "{json}");
        let flagged_black = json.replace(
            black_side,
            r#"{"main":{"secs":0,"nanos":0},"periods":0,"timed_out":true}]"#,
        );
        let cases: Vec<(String, xiangqi_result)> = vec![
            (json.replace("rnbakabnr/", "rnbakabnx/"), RestoreStart),
            (json.replace(r#"["h2e2"]"#, r#"["h2e3"]"#), RestoreMove),
            (
                mated.replace(r#"["a6a5","b2e2"]"#, r#"["a6a5","b2e2","e9e8"]"#),
                RestoreMoveAfterEnd,
            ),
            (
                mated.replace(
                    checkmate,
                    r#"{"winner":"black","termination":"resignation"}"#,
                ),
                RestoreOutcomeMismatch,
            ),
            (mated.replace(checkmate, "null"), RestoreMissingOutcome),
            (outcome(checkmate), RestoreRulesDecided),
            (
                outcome(r#"{"winner":null,"termination":"resignation"}"#),
                RestoreWinner,
            ),
            (
                outcome(r#"{"winner":null,"termination":"draw_agreement"}"#),
                RestoreAgreementWithoutOffer,
            ),
            (limited.replace("[0,0]", "[2,0]"), RestoreDrawOffers),
            (
                json.replace(r#""draw_offer":null"#, r#""draw_offer":"black""#),
                RestoreDrawOffer,
            ),
            (
                json.replacen(
                    r#""clock":{"settings""#,
                    r#""clock":null,"x":{"settings""#,
                    1,
                ),
                RestoreClockMissing,
            ),
            (untimed, RestoreUnexpectedClock),
            (
                json.replacen(r#""periods":3"#, r#""periods":2"#, 1),
                RestoreClockSettings,
            ),
            (
                json.replacen(
                    r#""secs":300,"nanos":0},"periods":3,"timed_out""#,
                    r#""secs":99999,"nanos":0},"periods":3,"timed_out""#,
                    1,
                ),
                RestoreClockState,
            ),
            (flagged_black.clone(), RestoreTimedOut),
            (
                outcome(r#"{"winner":"red","termination":"timeout"}"#),
                RestoreNotTimedOut,
            ),
        ];
        let mut seen = Vec::new();
        let mut codes = Vec::new();
        for (text, code) in &cases {
            let err = match xq::Game::from_json(text) {
                Err(GameJsonError::Restore(e)) => e,
                other => panic!("{text}: {other:?}"),
            };
            assert_eq!(xiangqi_result::from(&err), *code, "{text}: {err}");
            seen.push(core::mem::discriminant(&err));
            assert!(!codes.contains(code), "{code:?} twice");
            codes.push(*code);
        }
        let every: Vec<_> = RestoreError::examples()
            .iter()
            .map(core::mem::discriminant)
            .collect();
        assert_eq!(
            seen, every,
            "every variant is reached, in declaration order"
        );
        assert_eq!(
            xiangqi_result::from(&xq::Game::from_json("{ not json").unwrap_err()),
            GameJson
        );
        // The flagged clock is right once the game ends on Black's time.
        let on_time = flagged_black.replace(
            r#""outcome":null"#,
            r#""outcome":{"winner":"red","termination":"timeout"}"#,
        );
        assert!(xq::Game::from_json(&on_time).is_ok(), "{on_time}");
    }

    /// Errors the core's parsers and readers return map to their codes.
    #[test]
    fn notation_and_record_errors_from_text_map_to_their_codes() {
        use xiangqi_result::*;
        let pos = Position::startpos();
        let parse = |n: Notation, t: &str| xiangqi_result::from(n.parse(&pos, t).unwrap_err());
        assert_eq!(parse(Notation::Wxf, "C2?5"), NotationSyntax);
        assert_eq!(parse(Notation::Wxf, "C2+9"), NotationNoLegalMove);
        assert_eq!(parse(Notation::Iccs, "a0a5"), IllegalPathBlocked);
        let read = |t: &str| xiangqi_result::from(&xq::record::read_pgn(t).unwrap_err());
        assert_eq!(read("1. h2e2 {open"), RecordUnterminatedComment);
        assert_eq!(read("1. h2e2 (1. h0g2"), RecordUnterminatedVariation);
        assert_eq!(read("1. zz9 *"), RecordBadMoveText);
        assert_eq!(read("[FEN \"x\"]\n1. h2e2 *"), RecordBadFen);
    }

    /// Each illegal-move code is named after the reason's name in the rule
    /// cases (`elephant_blocked` → `XIANGQI_RESULT_ILLEGAL_ELEPHANT_BLOCKED`).
    #[test]
    fn each_illegal_reason_has_the_code_of_its_name() {
        for reason in IllegalReason::ALL {
            let code = xiangqi_result::from(reason);
            let expected = format!(
                "XIANGQI_RESULT_ILLEGAL_{}\0",
                reason.as_str().to_ascii_uppercase()
            );
            assert_eq!(code.name(), expected, "{reason:?}");
        }
    }

    fn fen_code(fen: &str) -> xiangqi_result {
        Position::from_fen(fen).unwrap_err().into()
    }

    #[test]
    fn fen_errors_read_from_text_map_to_their_codes() {
        use xiangqi_result::*;
        let cases = [
            ("", FenEmpty),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
                FenMissingField,
            ),
            (
                "rnbakabnx/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
                FenPlacementCharacter,
            ),
            (
                "rnbakabn/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
                FenRankLength,
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w",
                FenRankCount,
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
                FenBadField,
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 x",
                FenTrailingText,
            ),
            (
                "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
                SetupGeneralCount,
            ),
            ("3k5/9/9/9/9/9/9/9/9/3K5 w", SetupGeneralsFacing),
            ("4k4/9/9/9/9/9/9/9/9/A2K5 w", SetupImpossiblePoint),
            ("3k5/9/9/9/9/9/9/9/9/RRRK5 w", SetupTooManyPieces),
            ("3k5/9/9/9/9/9/9/9/9/3R1K3 w", SetupOpponentInCheck),
        ];
        for (fen, code) in cases {
            assert_eq!(fen_code(fen), code, "{fen:?}");
        }
    }
}
