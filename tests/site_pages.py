"""The site's pages that need nothing stored to show: the tests that walk every page (the security
headers, the narrow screens, the browser's policy checks) start from this one list, so a new page
is added once."""

PLAIN_PAGES = [
    "/",
    "/rules/",
    "/about/",
    "/help/",
    "/tips/",
    "/privacy/",
    "/about/cpu/",
    "/deal/",
    "/rankings/",
    "/matches/",
    "/replays/upload/",
    "/accounts/login/",
    "/accounts/signup/",
    "/accounts/deleted/",
]
