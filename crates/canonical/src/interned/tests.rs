use super::*;
use crate::form::TreeForm;
use hashbrown::HashMap;
use reckon_core::engine::all_solutions;
use reckon_core::rules::Op;
use reckon_core::{Expr, Hand, Rules};

fn id_of(forms: &mut FormStore, e: &Expr) -> SignedId {
    match e {
        Expr::Num(card) => forms.leaf(*card),
        Expr::Binary(step) => {
            let (a, b) = (id_of(forms, &step.left), id_of(forms, &step.right));
            forms.combine(step.op, a, b)
        }
    }
}

/// The stored form of the expression `text`, and the `4nums` form its
/// tree gets, which keys taken on the stored forms must match.
fn stored(forms: &mut FormStore, text: &str) -> (SignedId, crate::fournums::FourNumsForm) {
    let id = id_of(forms, &reckon_core::parse_expr(text).unwrap());
    (id, crate::fournums::FourNumsForm::of_function(forms.tree(id)))
}

/// Each form is stored once and found again by its id, also after the
/// table of ids has grown many times over from nothing, hashing every
/// stored shape again each time.
#[test]
fn forms_are_found_again_after_the_table_grows() {
    let mut forms = FormStore::default();
    let all = all_solutions(&"1 2 3 4 5".parse::<Hand>().unwrap(), &Rules::game24());
    let first: Vec<SignedId> = all.iter().map(|e| id_of(&mut forms, e)).collect();
    let stored = forms.len();
    assert!(stored > 256, "enough forms to grow the table: {stored}");
    let again: Vec<SignedId> = all.iter().map(|e| id_of(&mut forms, e)).collect();
    assert_eq!(first, again);
    assert_eq!(forms.len(), stored, "nothing stored twice");
}

/// A form is `plain` only if it is its own `4nums` core, however its
/// sums are oriented by the order forms were stored in. With 9 stored
/// before 6, `9-6` is kept as `-(6-9)`, so `75/(9-6)` sits among the
/// subtracted terms of `5+75/(9-6)-25`, beside the 25 it cancels.
#[test]
fn a_pair_on_one_side_of_a_stored_sum_is_not_plain() {
    let mut forms = FormStore::default();
    forms.leaf(Rational::from_integer(9));
    forms.leaf(Rational::from_integer(6));
    let e = reckon_core::parse_expr("100*(5+75/(9-6)-25)").unwrap();
    let id = id_of(&mut forms, &e);
    let four_nums = crate::fournums::FourNumsForm::of_function(forms.tree(id));
    assert_ne!(four_nums.core, forms.tree(id), "the pair is stripped");
    assert!(!forms.facts(id.form).plain);
}

/// Equal cards added together are no cancelled pair; equal terms on
/// opposite sides may be.
#[test]
fn equal_cards_on_one_side_are_plain() {
    let mut forms = FormStore::default();
    let mut plain = |text: &str| {
        let id = id_of(&mut forms, &reckon_core::parse_expr(text).unwrap());
        forms.facts(id.form).plain
    };
    assert!(plain("7+7+10"));
    assert!(plain("6*(6+6-8)"));
    assert!(plain("2*3+2*3+12"));
    assert!(!plain("11+4*6-11"));
    assert!(!plain("2*(9-6)+2*(9-6)+3"), "a product of a sum may be stored with the opposite sign");
}

/// A literal one is taken out of a product that keeps another factor.
#[test]
fn a_one_factor_is_taken_out_where_the_4nums_level_takes_it() {
    let mut forms = FormStore::default();
    let mut without = |text: &str| {
        let id = id_of(&mut forms, &reckon_core::parse_expr(text).unwrap());
        forms.without_a_one(id).map(|(core, _)| forms.tree(core))
    };
    let form = |text: &str| TreeForm::of(&reckon_core::parse_expr(text).unwrap());
    assert_eq!(without("1*(4+8+12)"), Some(form("4+8+12")));
    assert_eq!(without("12+1*(4+8)"), Some(form("12+4+8")));
    assert_eq!(without("2*(3+9)/1"), Some(form("2*(3+9)")));
    assert_eq!(without("13+13-2/1"), Some(form("13+13-2")));
    assert_eq!(without("8-(1*3-5)"), Some(form("8-(3-5)")));
    assert_eq!(without("1/(2+3)"), None, "the only factor kept");
    assert_eq!(without("2*3+4"), None);
}

/// A part worth one is taken out as a card 1 is, as the `4nums` form
/// of the whole tree takes it: the same core, sign and all, and the
/// same one factor. Where taking one of two different parts worth one
/// would leave the other alone, none is taken.
#[test]
fn a_part_worth_one_is_taken_out_as_the_tree_form_takes_it() {
    let mut forms = FormStore::default();
    let cases = [
        "(5-4)*(4+8+12)",
        "(4+8+12)/(7-6)",
        "(2+6-9)*5*100",
        "100*(9-2-6)*5",
        "13+13-2/(3-2)",
        "8-(3*(6-5)-5)",
        "(13-12)*(4-1)*8",
        "(2*3-5)*(4+4)*3",
        "(12-11)*(2*12)",
        "(1-2)*(3-10)*(8-5)",
    ];
    for text in cases {
        let (id, tree) = stored(&mut forms, text);
        let (core, one) = forms.without_a_one(id).expect(text);
        assert!(forms.facts(core.form).plain, "{text}");
        assert_eq!((forms.tree(core), tree.one), (tree.core, Some(forms.tree(one))), "{text}");
    }
    let (id, _) = stored(&mut forms, "100*(4+(3-2)*(7-6))");
    assert_eq!(forms.without_a_one(id), None, "two different parts worth one in one product");
    let (id, _) = stored(&mut forms, "(5-4)*(9+3)*2*(2-3)");
    assert!(forms.without_a_one(id).is_none_or(|(core, _)| !forms.facts(core.form).plain), "two ones");
    let (id, _) = stored(&mut forms, "2-1*(-1+1)");
    assert_eq!(forms.without_a_one(id), None, "a one times a zero is a zero product");
}

/// A sum whose only decorations could be cancelled pairs of equal
/// terms is its own `4nums` core; one with a pair of different terms
/// of equal value, or a decoration inside a term, is not said to be.
#[test]
fn a_sum_of_plain_terms_keeps_its_pairs_of_equal_terms() {
    let mut forms = FormStore::default();
    let mut sum_of_plain_terms = |text: &str| {
        let (id, tree) = stored(&mut forms, text);
        (forms.is_sum_of_plain_terms(id.form), tree.core == forms.tree(id))
    };
    assert_eq!(sum_of_plain_terms("2+2*12-2"), (true, true));
    assert_eq!(sum_of_plain_terms("1+3*8-1"), (true, true));
    assert_eq!(sum_of_plain_terms("7+7+10"), (true, true));
    assert_eq!(sum_of_plain_terms("8*75-100-2*2+4"), (false, false), "a pair of different terms");
    assert!(!sum_of_plain_terms("1*5+3*7-2").0, "a one factor in a term");
    assert!(!sum_of_plain_terms("24+3-3+0").0, "a zero term");
    assert!(!sum_of_plain_terms("2*(2+12-2)").0, "a product");
}

/// A cancelled pair of equal parts is taken out and comes back at the
/// top as the tree form has it; where the tree form might take
/// another pair, or the parts hold decorations of their own, none is
/// taken.
#[test]
fn a_cancelled_pair_of_equal_parts_moves_to_the_top_as_the_tree_form_moves_it() {
    let mut forms = FormStore::default();
    let cases = [
        "2*(2+12-2)",
        "3*2*12/3",
        "3*(8+5-5)",
        "(7-13*2/13)*4",
        "100-(5+3*6-3*6)",
        "(10*10-4)/(5-1+4-4)",
        "12*(2+2-2)",
        "2*2*12/2",
        "12+10*12/10",
    ];
    for text in cases {
        let (id, tree) = stored(&mut forms, text);
        let (rest, part) = forms.without_a_pair(id).expect(text);
        assert!(forms.facts(rest.form).plain, "{text}");
        let with_pair = forms.with_pair(rest, part);
        assert_eq!((forms.tree(with_pair), tree.one), (tree.core, None), "{text}");
    }
    let mut unsure = |text: &str| {
        let (id, _) = stored(&mut forms, text);
        forms.without_a_pair(id).is_none_or(|(rest, _)| !forms.facts(rest.form).plain)
    };
    assert!(unsure("8*75-100-2*2+4"), "different parts of equal value");
    assert!(unsure("3*(5-2)*12/3"), "another part worth as much as the pair");
    assert!(unsure("1+2*(-1+1)/2"), "a pair in a zero product");
    assert!(unsure("1*75+10*50-1*75"), "a one factor inside the parts");
    assert!(unsure("(5-4)*24/(5-4)"), "a divisor worth one");
    assert!(unsure("3*(8+5-5)*(6-2+2)"), "two pairs");
}

/// An id turns back into its tree form whatever order the forms were
/// stored in: ids decide how a stored sum is oriented, so a factor of
/// a product may be stored as its tree's negation, and a product with
/// a sign-free factor (`(-1-(-1))*(1-(-1)*(-1))`, worth zero, its own
/// negation once equal cards change places) carries no sign however
/// its factors are stored.
#[test]
fn ids_turn_back_into_their_tree_forms_in_any_order_of_storing() {
    let rules = Rules::with_target(Rational::ZERO);
    let solutions: Vec<Expr> = ["-1 -1 -1 -1 -1", "-1 -1 -1 -1 1", "-1 -1 1 1 2", "-1 0 1 2", "-2 -1 1 2"]
        .iter()
        .flat_map(|cards| all_solutions(&cards.parse::<Hand>().unwrap(), &rules))
        .collect();
    for reversed in [false, true] {
        let mut forms = FormStore::default();
        let order: Vec<&Expr> = if reversed { solutions.iter().rev().collect() } else { solutions.iter().collect() };
        for e in order {
            let id = id_of(&mut forms, e);
            // Products only: a sum's sign-free terms are added before
            // it is oriented, and may end up subtracted when it is, so
            // that such a tree form is not one a sum of its terms
            // makes again.
            if matches!(e, Expr::Binary(step) if matches!(step.op, Op::Mul | Op::Div)) {
                assert_eq!(forms.tree(id), TreeForm::of(e), "{e}, stored reversed: {reversed}");
            }
        }
    }
}

/// Ids agree with the tree forms: the same id exactly for the same
/// form, and an id turns back into its form.
#[test]
fn ids_are_the_tree_forms() {
    let mut forms = FormStore::default();
    let mut seen: HashMap<SignedId, TreeForm> = HashMap::new();
    let mut trees: HashMap<TreeForm, SignedId> = HashMap::new();
    for (cards, target) in
        [("1 2 3 4", 24), ("3 3 8 8", 24), ("2 2 2 3", 24), ("1 5 5 5", 24), ("0 1 10 13", 10), ("1 1 2 10", 10)]
    {
        let hand: Hand = cards.parse().unwrap();
        for e in all_solutions(&hand, &Rules::with_target(Rational::from_integer(target))) {
            let id = id_of(&mut forms, &e);
            let tree = TreeForm::of(&e);
            assert_eq!(forms.tree(id), tree, "{e}");
            assert_eq!(forms.of_tree(&tree), id, "{e}");
            assert_eq!(*seen.entry(id).or_insert_with(|| tree.clone()), tree, "{e}");
            assert_eq!(*trees.entry(tree).or_insert(id), id, "{e}");
        }
    }
}
