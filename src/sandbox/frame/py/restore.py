"""What a new interpreter has fresh, made fresh again after it boots from a memory snapshot.

The snapshot froze the state of the interpreter that made it, possibly at build time on another
machine: the random generator's seed and the time zone the time module read when it loaded.
"""

import random
import time


def _zone_name(minutes_west):
    # How the C library of this build names a zone it knows only by its offset.
    sign = '-' if minutes_west >= 0 else '+'
    return 'UTC%s%02d%02d' % (sign, abs(minutes_west) // 60, abs(minutes_west) % 60)


def _minutes_west(year, month):
    midnight = time.mktime((year, month, 1, 0, 0, 0, 0, 0, -1))
    return -time.localtime(midnight).tm_gmtoff // 60


def refresh():
    """Reseed `random` from the system's entropy and set the time module's zone constants for
    the zone this interpreter runs in, as they are set when it starts."""
    random.seed()
    year = time.localtime().tm_year
    winter, summer = _minutes_west(year, 1), _minutes_west(year, 7)
    standard, daylight = (winter, summer) if summer < winter else (summer, winter)
    time.timezone = standard * 60
    time.altzone = time.timezone - 3600
    time.daylight = int(winter != summer)
    time.tzname = (_zone_name(standard), _zone_name(daylight))


def reseed():
    """Each run's own random seed: an interpreter put back to where it stood before its first
    run would otherwise replay the same numbers for every candidate."""
    random.seed()
