"""Check orders: their names both ways, the messages for bad ones, all 40320 in order."""

import pytest

from knightstour.order_ranks import all_orders, order_index
from knightstour.orders import order_name, parse_order


def test_parse_and_name_round_trip():
    assert order_name(parse_order("AHFDGCEB")) == "ahfdgceb"
    assert parse_order("abcdefgh") == (0, 1, 2, 3, 4, 5, 6, 7)


@pytest.mark.parametrize("bad", ["abc", "aabcdefg", "abcdefgz", "", "abcdefghi", "abcd efg", 12345678])
def test_bad_orders_say_what_an_order_is(bad):
    with pytest.raises(ValueError, match="eight move labels a-h each exactly once"):
        parse_order(bad)


def test_all_orders_are_the_40320_permutations_in_order():
    orders = all_orders()
    names = [order_name(o) for o in orders]
    assert len(set(names)) == 40320
    assert names == sorted(names)
    for rank in (0, 1, 5039, 5040, 20000, 40319):
        assert order_index(orders[rank]) == rank
