//! Lists kept for reuse: a game asks many small decisions, and building each one's lists in
//! a list an earlier one left behind spares an allocation per decision.

/// Emptied lists waiting to be filled again (a few: a decision asked while another waits for
/// its answer takes one more).
#[derive(Debug)]
pub(crate) struct Spares<T>(Vec<Vec<T>>);

impl<T> Default for Spares<T> {
    fn default() -> Self {
        Spares(Vec::new())
    }
}

impl<T> Spares<T> {
    /// The most lists kept.
    const KEPT: usize = 4;

    /// An empty list, one kept if there is one.
    pub(crate) fn take(&mut self) -> Vec<T> {
        self.0.pop().unwrap_or_default()
    }

    /// Keeps `list`, emptied, for a later `take`.
    pub(crate) fn keep(&mut self, mut list: Vec<T>) {
        if self.0.len() < Self::KEPT {
            list.clear();
            self.0.push(list);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_list_comes_back_empty_with_its_room() {
        let mut spares = Spares::default();
        let mut list = spares.take();
        list.extend([1, 2, 3]);
        let room = list.capacity();
        spares.keep(list);
        let again: Vec<i32> = spares.take();
        assert!(again.is_empty());
        assert_eq!(again.capacity(), room);
        assert_eq!(spares.take().capacity(), 0, "only one list was kept");
    }

    #[test]
    fn only_a_few_lists_are_kept() {
        let mut spares = Spares::default();
        for _ in 0..10 {
            spares.keep(vec![0u8; 8]);
        }
        assert_eq!(spares.0.len(), Spares::<u8>::KEPT);
    }
}
