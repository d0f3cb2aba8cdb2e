"""Writes an Apple Health export.xml with minute-level step samples for the last N years, as an
Apple Watch writes them: one sample for every minute with steps (walks of 10–40 minutes at
about 100 steps a minute, and a few hundred minutes of moving about), and the iPhone's
five-minute samples over the same minutes when it was carried. Used by
scripts/lib/bench/health_import.py to time the Steps page for a user with years of dense data.

usage: minute_export.py OUT.xml --years 10"""
import argparse
import datetime
import random

HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_US">\n'
WATCH = ('<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Sam’s Apple Watch" unit="count" '
         'startDate="{d} {h:02d}:{m:02d}:00 +0100" endDate="{d} {h:02d}:{m:02d}:59 +0100" value="{v}"/>\n')
PHONE = ('<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Sam’s iPhone" unit="count" '
         'startDate="{d} {h:02d}:{m:02d}:00 +0100" endDate="{d} {h:02d}:{e:02d}:59 +0100" value="{v}"/>\n')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--years", type=int, default=10)
    arguments = parser.parse_args()
    rng = random.Random(7)
    today = datetime.date.today()
    day = today - datetime.timedelta(days=365 * arguments.years)
    records = 0
    with open(arguments.out, "w", encoding="utf-8", buffering=1 << 20) as out:
        out.write(HEADER)
        while day <= today:
            text = day.isoformat()
            lines = []
            minutes = {}
            for _ in range(rng.randint(3, 5)):  # walks
                start, length = rng.randint(7 * 60, 21 * 60), rng.randint(10, 40)
                for minute in range(start, start + length):
                    minutes[minute] = rng.randint(90, 125)
            for _ in range(rng.randint(200, 300)):  # moving about
                minutes.setdefault(rng.randint(7 * 60, 23 * 60 - 1), rng.randint(3, 30))
            phone = {}
            for minute in sorted(minutes):
                hour, rest = divmod(minute, 60)
                lines.append(WATCH.format(d=text, h=hour, m=rest, v=minutes[minute]))
                phone[minute - minute % 5] = phone.get(minute - minute % 5, 0) + minutes[minute]
            for block, steps in sorted(phone.items()):
                if rng.random() < 0.8:  # the phone was in a pocket
                    hour, rest = divmod(block, 60)
                    lines.append(PHONE.format(d=text, h=hour, m=rest, e=rest + 4, v=int(steps * 0.9)))
            out.write("".join(lines))
            records += len(lines)
            day += datetime.timedelta(days=1)
        out.write("</HealthData>\n")
    print(records)


if __name__ == "__main__":
    main()
