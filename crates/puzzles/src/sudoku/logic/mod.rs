//! Solving like a person: named techniques, hints and ratings (being written).
