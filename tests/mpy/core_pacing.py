# Pacing: every shape's delays, as whole microseconds so both Pythons print the same text.
from knightstour.pacing import Pacing

for shape in ("linear", "quadratic", "cubic", "exponential"):
    for speed in (1.0, 2.0, 0.5, 0.0):
        pacing = Pacing(0.06, 0.6, shape, speed)
        delays = [int(pacing.delay(n, 64) * 1000000 + 0.5) for n in range(2, 65)]
        grows = all(delays[i] <= delays[i + 1] for i in range(len(delays) - 1))
        print(shape, speed, delays[0], delays[31], delays[-1], "never faster" if grows else "FASTER")
