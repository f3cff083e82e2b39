from django.urls import path

from rooms import echo
from rooms.consumers import RoomConsumer

websocket_urlpatterns: list = [
    path("ws/room/<str:slug>/", RoomConsumer.as_asgi()),
]
websocket_urlpatterns += echo.routes()  # the load test's floor, off unless asked for
