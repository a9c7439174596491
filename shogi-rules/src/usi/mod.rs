//! The USI protocol: the `position` command.

mod position;

pub use position::{
    PositionCommand, UsiCommandError, parse_position_command, parse_position_words,
    position_command,
};
pub(crate) use position::parse_record_start;
