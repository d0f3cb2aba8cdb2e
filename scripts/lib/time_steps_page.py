"""Times the Steps page as a signed-in browser loads it: logs in through the web form, then
requests the current month and a month five years back, and prints the median and 95th
percentile of the whole request (server-side rendering plus loopback HTTP).

usage: time_steps_page.py BASE_URL EMAIL PASSWORD [--runs 50]"""
import argparse
import datetime
import http.cookiejar
import re
import statistics
import time
import urllib.parse
import urllib.request


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("email")
    parser.add_argument("password")
    parser.add_argument("--runs", type=int, default=50)
    arguments = parser.parse_args()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    login_page = opener.open(arguments.base + "/login").read().decode()
    token = re.search(r'name="_csrf" value="([^"]+)"', login_page).group(1)
    form = urllib.parse.urlencode({"email": arguments.email, "password": arguments.password, "_csrf": token}).encode()
    opener.open(arguments.base + "/login", data=form).read()

    today = datetime.date.today()
    past = f"{today.year - 5}-{today.month:02d}"
    for label, path in (("this month", "/steps"), (f"{past}", f"/steps?month={past}")):
        timings = []
        for run in range(arguments.runs + 3):
            started = time.perf_counter()
            with opener.open(arguments.base + path) as response:
                body = response.read()
                assert response.status == 200 and b"steps-chart" in body, f"{path} did not render a chart"
            if run >= 3:  # the first requests warm the caches
                timings.append((time.perf_counter() - started) * 1000)
        timings.sort()
        p95 = timings[int(len(timings) * 0.95) - 1]
        print(f"  Steps page, {label:10}: median {statistics.median(timings):5.1f} ms, p95 {p95:5.1f} ms over {len(timings)} requests (target < 50 ms)")


if __name__ == "__main__":
    main()
