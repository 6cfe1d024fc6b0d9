# Check orders: parsing, names, all_orders and order_index.
from knightstour.order_ranks import all_orders, order_index
from knightstour.orders import DEFAULT_ORDER, order_name, parse_order

print("parse_order")
for text in ("abcdefgh", "ahfdgceb", "HGFEDCBA", " bacdefgh ", DEFAULT_ORDER,
             "abcdefg", "abcdefghh", "abcdefga", "abcdefgi", "", "12345678", "a bcdefg"):
    try:
        order = parse_order(text)
        print(repr(text), order, order_name(order), order_index(order))
    except ValueError as error:
        print(repr(text), "ValueError:", error)

print("all_orders")
orders = all_orders()
print(len(orders), order_name(orders[0]), order_name(orders[1]), order_name(orders[-1]))
# Every 7th order (all of them take long under MicroPython's WebAssembly port).
bad = 0
for i in range(0, len(orders), 7):
    if order_index(orders[i]) != i or (i and order_name(orders[i]) <= order_name(orders[i - 1])):
        bad += 1
print("index mismatches", bad)
for i in (0, 1, 2, 719, 5040, 20160, 40319, 12345):
    print(i, order_name(orders[i]), order_index(parse_order(order_name(orders[i]))))
