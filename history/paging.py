"""A long list in pages, newest first, with links that keep the page's other parameters (the
profile pages two lists, each with its own parameter)."""

from django.core.paginator import Page, Paginator

PAGE_SIZE = 100  # rows of a list of matches or rating changes


def paged(request, items, *, param: str = "page", size: int | None = None) -> dict:
    """The page of `items` the request asks for in `param` (a number past the end gives the last
    page, anything else the first), and the addresses of its neighbours (None at an end)."""
    page: Page = Paginator(items, size or PAGE_SIZE).get_page(request.GET.get(param))

    def address(number: int) -> str:
        query = request.GET.copy()
        query[param] = str(number)
        return "?" + query.urlencode()

    return {
        "page": page,
        "rows": list(page.object_list),
        "newer": address(page.previous_page_number()) if page.has_previous() else None,
        "older": address(page.next_page_number()) if page.has_next() else None,
    }
