//! The lesson's data: the words in `assets/` held to the models and to each other, and the
//! progress file under every kind of damage, and the code's layers and the one way plots are
//! drawn. One module per area.

mod accuracy;
mod catalogue;
mod ci;
mod content;
mod giveaways;
mod judging;
mod layers;
mod numbers;
mod plots;
mod progress;
mod quizzes;
mod review;
mod shape;
mod spread;
