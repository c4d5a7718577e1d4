//! The JSON form of a tour for machines: the board and the number each cell carries, in
//! row-major cell order. Enumeration output adds fields around it (one object a line); the
//! reader ignores fields it does not know.

use super::{Tour, TourError};
use crate::board::{Shape, ShapeError};
use serde::{Deserialize, Serialize};

/// One tour as a JSON object: its board and the number each cell carries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TourRecord {
    /// `ROWSxCOLS` or `LAYERSxROWSxCOLS`.
    pub board: String,
    /// The number (1-based) of each cell, in row-major cell order.
    pub numbers: Vec<u32>,
}

/// One line of enumeration output: a tour with its place in the classes found. `enumerate`
/// and a split job's result file both write these.
#[derive(Clone, Debug, Serialize)]
pub struct SolutionLine<'a> {
    /// 1-based index of the class in the order found.
    pub class: u64,
    /// 1-based index of this solution within its class.
    pub member: usize,
    /// How many solutions the class has.
    pub class_size: usize,
    /// The tour.
    #[serde(flatten)]
    pub tour: &'a TourRecord,
}

/// Why a line of JSON output is not a tour.
#[derive(Debug, thiserror::Error)]
pub enum JsonError {
    // The parser's message is part of this one, not a separate cause, so
    // that error chains print it once.
    /// The line is not JSON, or not a record with a board and numbers.
    #[error("line {line}: not a tour record: {reason}")]
    Syntax {
        /// 1-based line number.
        line: usize,
        /// What the JSON parser objected to.
        reason: serde_json::Error,
    },
    /// The record is well-formed but does not describe a tour of its board.
    #[error("line {line}: {message}")]
    Invalid {
        /// 1-based line number.
        line: usize,
        /// What is wrong with the board or the numbers.
        message: String,
    },
}

impl TourRecord {
    /// The record of `tour`.
    pub fn of(tour: &Tour) -> Self {
        TourRecord {
            board: tour.shape().to_string(),
            numbers: tour.numbers(),
        }
    }

    /// The tour the record describes, or why it describes none.
    pub fn to_tour(&self) -> Result<Tour, RecordError> {
        let shape = Shape::parse(&self.board)?;
        Ok(Tour::from_numbers(shape, &self.numbers)?)
    }
}

/// Why a well-formed record describes no tour.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The board is not a shape.
    #[error(transparent)]
    Board(#[from] ShapeError),
    /// The numbers are not a tour of the board.
    #[error(transparent)]
    Numbers(#[from] TourError),
}

/// Where a record sits among the classes of its run: the fields `enumerate` and a split
/// job's result file write beside the tour (`job` is added by whoever gathers several jobs'
/// records), for naming a tour to a reader.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassTag {
    /// 1-based index of the class in its run.
    pub class: u64,
    /// 1-based index of the tour within its class, when the record says.
    pub member: Option<u64>,
    /// The job whose run numbered the class, when the record says.
    pub job: Option<u64>,
}

impl ClassTag {
    /// The tag of a record, if it has a `class` field.
    fn of(value: &serde_json::Value) -> Option<ClassTag> {
        let field = |name: &str| value.get(name).and_then(serde_json::Value::as_u64);
        Some(ClassTag {
            class: field("class")?,
            member: field("member"),
            job: field("job"),
        })
    }
}

/// One tour read from a line of JSON: its line (1-based), the tour, and its class tag.
pub type TaggedTour = (usize, Tour, Option<ClassTag>);

/// Reads every line holding a `board` and `numbers` field; other lines (such as the summary
/// record that ends an enumeration) are skipped. Returns each tour with its line number.
pub fn parse_lines(text: &str) -> Result<Vec<(usize, Tour)>, JsonError> {
    let tagged = parse_tagged_lines(text)?;
    Ok(tagged
        .into_iter()
        .map(|(line, tour, _)| (line, tour))
        .collect())
}

/// [`parse_lines`], with each tour's class tag where its record has one.
pub fn parse_tagged_lines(text: &str) -> Result<Vec<TaggedTour>, JsonError> {
    let mut tours = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let value: serde_json::Value =
            serde_json::from_str(raw).map_err(|reason| JsonError::Syntax { line, reason })?;
        if value.get("numbers").is_none() {
            continue;
        }
        let tag = ClassTag::of(&value);
        let record: TourRecord =
            serde_json::from_value(value).map_err(|reason| JsonError::Syntax { line, reason })?;
        let tour = record.to_tour().map_err(|cause| JsonError::Invalid {
            line,
            message: cause.to_string(),
        })?;
        tours.push((line, tour, tag));
    }
    Ok(tours)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_round_trip_is_lossless() {
        let tour = crate::tour::text::parse("1 2 3\n6 5 4\n").unwrap();
        let line = serde_json::to_string(&TourRecord::of(&tour)).unwrap();
        assert_eq!(line, r#"{"board":"2x3","numbers":[1,2,3,6,5,4]}"#);
        let back = parse_lines(&format!("{line}\n{{\"solutions\":1}}\n")).unwrap();
        assert_eq!(back, vec![(1, tour)]);
    }

    #[test]
    fn class_fields_are_read_where_a_record_has_them() {
        let text =
            "{\"class\":3,\"member\":2,\"job\":7,\"board\":\"2x3\",\"numbers\":[1,2,3,6,5,4]}\n\
                    {\"board\":\"2x3\",\"numbers\":[1,2,3,6,5,4]}\n";
        let tags: Vec<_> = parse_tagged_lines(text)
            .unwrap()
            .into_iter()
            .map(|(_, _, tag)| tag)
            .collect();
        let tag = ClassTag {
            class: 3,
            member: Some(2),
            job: Some(7),
        };
        assert_eq!(tags, vec![Some(tag), None]);
    }

    #[test]
    fn bad_numbers_name_the_line() {
        let err = parse_lines("{\"board\":\"1x2\",\"numbers\":[1,1]}").unwrap_err();
        assert!(err.to_string().starts_with("line 1:"), "{err}");
    }
}
