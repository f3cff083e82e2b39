from django.urls import path

from history import accounts, rankings, views

urlpatterns = [
    path("matches/", views.my_matches, name="my_matches"),
    path("matches/<int:pk>/", views.match_page, name="match"),
    path("matches/<int:pk>/sevens-log.json", views.match_download, name="match_download"),
    path("matches/<int:pk>/deal/", views.play_deal, name="play_deal"),
    path("matches/room/<slug:slug>/", views.room_matches, name="room_matches"),
    path("deal/", views.deal, name="deal"),
    path("replays/upload/", views.upload, name="upload_replay"),
    path("replays/<slug:slug>/", views.uploaded_replay, name="uploaded_replay"),
    path("rankings/", rankings.rankings, name="rankings"),
    path("rankings/<slug:family>/", rankings.rankings, name="rankings_family"),
    path("players/<str:username>/", rankings.profile, name="profile"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.log_in, name="login"),
    path("accounts/logout/", accounts.log_out, name="logout"),
    path("accounts/delete/", accounts.delete_account, name="delete_account"),
    path("accounts/deleted/", accounts.account_deleted, name="account_deleted"),
]
