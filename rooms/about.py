"""The "About the CPU" page: how the computer players think, how strong they are, and why they never
see a hidden card (the figures are those of docs/ai.md)."""

from django.shortcuts import render
from django.views.decorators.http import require_safe


@require_safe
def about_cpu(request):
    return render(request, "about_cpu.html")
