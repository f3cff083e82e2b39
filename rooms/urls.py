from django.urls import path

from rooms import about, health, table_demo, views

urlpatterns = [
    path("", views.home, name="home"),
    path("health/", health.health, name="health"),
    path("health/cpu/", health.cpu_turns, name="health-cpu"),
    path("about/cpu/", about.about_cpu, name="about_cpu"),
    path("dev/table-demo/", table_demo.table_demo, name="table_demo"),
    path("new/", views.create, name="create"),
    path("room/<slug:slug>/", views.room, name="room"),
    path("room/<slug:slug>/log/", views.room_log, name="room_log"),
    path("room/<slug:slug>/seat/", views.take_seat, name="take_seat"),
    path("room/<slug:slug>/leave/", views.leave_seat, name="leave_seat"),
    path("room/<slug:slug>/start/", views.start, name="start"),
]
