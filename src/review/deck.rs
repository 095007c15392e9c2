//! The review deck: every item the lesson can ask again, named by its id in the assets.

use std::fmt;

/// What kind of item, and so how it is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ItemKind {
    /// A quiz question (sections 6 and 8), by its id in `assets/quizzes.ron`.
    Quiz,
    /// A section's prediction, by the section's id (`ttl`, `fencing`…), asked again at other
    /// settings.
    Prediction,
    /// Section 7's "where is the fencing token?", by the system card's id.
    Token,
    /// A glossary term as a recall card, by its id in `assets/glossary.ron`.
    Term,
}

impl ItemKind {
    /// The kind's name in the progress file and in `review --due --json`.
    pub fn name(self) -> &'static str {
        match self {
            ItemKind::Quiz => "quiz",
            ItemKind::Prediction => "prediction",
            ItemKind::Token => "token",
            ItemKind::Term => "term",
        }
    }

    const ALL: [ItemKind; 4] = [
        ItemKind::Quiz,
        ItemKind::Prediction,
        ItemKind::Token,
        ItemKind::Term,
    ];
}

/// One item of the deck.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemId {
    pub kind: ItemKind,
    /// Its id in the assets.
    pub id: String,
}

impl ItemId {
    pub fn new(kind: ItemKind, id: impl Into<String>) -> Self {
        Self {
            kind,
            id: id.into(),
        }
    }

    /// Reads the key of the progress file (`kind:id`).
    pub fn parse(key: &str) -> Option<Self> {
        let (kind, id) = key.split_once(':')?;
        let kind = ItemKind::ALL.into_iter().find(|k| k.name() == kind)?;
        Some(Self::new(kind, id))
    }

    /// The key in the progress file (`kind:id`).
    pub fn key(&self) -> String {
        self.to_string()
    }

    /// The section the item comes from (a glossary card: none).
    pub fn section(&self) -> Option<u8> {
        match self.kind {
            ItemKind::Quiz => crate::progress::question(&self.id).map(|(s, _)| s),
            ItemKind::Prediction => crate::sections::number_of(&self.id),
            ItemKind::Token => crate::sections::number_of("who"),
            ItemKind::Term => None,
        }
    }

    /// The prediction prompt of a prediction item.
    pub fn prompt(&self) -> Option<&'static crate::predict::Prompt> {
        (self.kind == ItemKind::Prediction)
            .then(|| crate::predict::prompt_for(self.section()?))
            .flatten()
    }
}

impl fmt::Display for ItemId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.kind.name(), self.id)
    }
}

/// Every item, in lesson order: the quiz questions, the predictions, section 7's cards, the
/// core terms.
pub fn deck() -> Vec<ItemId> {
    let content = crate::lesson::content();
    let quiz = content
        .quizzes
        .all()
        .into_iter()
        .flat_map(|q| q.iter())
        .map(|q| ItemId::new(ItemKind::Quiz, &q.id));
    let predictions = crate::predict::prompts().iter().filter_map(|p| {
        let def = crate::sections::get(p.section)?;
        Some(ItemId::new(ItemKind::Prediction, def.id))
    });
    let tokens = content
        .systems
        .iter()
        .map(|c| ItemId::new(ItemKind::Token, &c.id));
    let terms = super::words()
        .core_terms
        .iter()
        .filter(|t| content.glossary.iter().any(|g| &g.id == *t))
        .map(|t| ItemId::new(ItemKind::Term, t));
    quiz.chain(predictions).chain(tokens).chain(terms).collect()
}

/// Whether the lesson still has this item.
pub fn exists(item: &ItemId) -> bool {
    let content = crate::lesson::content();
    match item.kind {
        ItemKind::Quiz => crate::progress::question(&item.id).is_some(),
        ItemKind::Prediction => item.prompt().is_some(),
        ItemKind::Token => content.systems.iter().any(|c| c.id == item.id),
        ItemKind::Term => {
            super::words().core_terms.contains(&item.id)
                && content.glossary.iter().any(|g| g.id == item.id)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_holds_every_kind_and_only_items_that_exist() {
        let deck = deck();
        for kind in ItemKind::ALL {
            assert!(deck.iter().any(|i| i.kind == kind), "{kind:?}");
        }
        let quiz = deck.iter().filter(|i| i.kind == ItemKind::Quiz).count();
        let questions: usize = crate::lesson::content()
            .quizzes
            .all()
            .iter()
            .map(|q| q.iter().count())
            .sum();
        assert_eq!(quiz, questions);
        assert_eq!(
            deck.iter()
                .filter(|i| i.kind == ItemKind::Prediction)
                .count(),
            crate::predict::prompts().len()
        );
        // Every core term is a glossary card.
        let terms = deck.iter().filter(|i| i.kind == ItemKind::Term).count();
        assert_eq!(terms, super::super::words().core_terms.len());
        for item in &deck {
            assert!(exists(item), "{item}");
            assert_eq!(ItemId::parse(&item.key()).as_ref(), Some(item));
        }
        assert!(ItemId::new(ItemKind::Quiz, "gone").section().is_none());
        assert!(!exists(&ItemId::new(ItemKind::Token, "gone")));
        assert!(
            !exists(&ItemId::new(ItemKind::Term, "jepsen")),
            "not a core term"
        );
        assert_eq!(ItemId::parse("nonsense"), None);
        assert_eq!(ItemId::parse("card:x"), None);
    }

    #[test]
    fn a_prediction_is_named_by_its_sections_id() {
        let ttl = ItemId::new(ItemKind::Prediction, "ttl");
        assert_eq!(ttl.section(), Some(2));
        assert_eq!(
            ttl.prompt().map(|p| p.id.as_str()),
            Some("predict-ttl-overrun")
        );
        assert_eq!(ttl.key(), "prediction:ttl");
    }
}
