from django.contrib import admin
from django.http import HttpResponseRedirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.decorators.http import require_safe


@require_safe
def favicon(request):
    """`/favicon.ico`, which browsers ask for on pages that name no icon (the admin's): the site's
    icon. A temporary redirect: the icon's hashed name changes with it."""
    return HttpResponseRedirect(static("img/favicon.svg"))


urlpatterns = [
    path("favicon.ico", favicon),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("", include("rooms.urls")),
    path("", include("history.urls")),
    path("", include("stats.urls")),
]
