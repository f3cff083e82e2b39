// Card faces, backs and empty spots drawn once to canvases; scene.js turns each into a
// texture and reuses it. Sizes follow the (capped) device pixel ratio so a card stays crisp on a
// 4K screen without wasting memory on a phone.

import { parseCard } from "./layout.js";

const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const TWO_COLOURS = { S: "#151515", H: "#c8102e", D: "#c8102e", C: "#151515" };
const FOUR_COLOURS = { S: "#151515", H: "#c8102e", D: "#1452c8", C: "#0f7a32" };
const RANK_TEXT = { T: "10" };
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif';

export function suitColour(suit, fourColour) {
  return (fourColour ? FOUR_COLOURS : TWO_COLOURS)[suit];
}

/** Pixel width of a card texture for this screen. */
export function faceWidth(dpr) {
  return dpr > 1.5 ? 256 : 192;
}

function canvas(w, h) {
  const c = document.createElement("canvas");
  c.width = w;
  c.height = h;
  return c;
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function blank(w, fill, stroke) {
  const h = Math.round(w * 1.4);
  const c = canvas(w, h);
  const ctx = c.getContext("2d", { willReadFrequently: true });
  const r = w * 0.08;
  roundRect(ctx, 1, 1, w - 2, h - 2, r);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = Math.max(2, w / 80);
  ctx.strokeStyle = stroke;
  ctx.stroke();
  return { c, ctx, w, h };
}

/** A card's face: a large index in two corners (rank over suit) and a big suit in the middle. */
export function drawFace(name, { width = 192, fourColour = false } = {}) {
  const { c, ctx, w, h } = blank(width, "#fdfdf8", "#9a9a90");
  const card = parseCard(name);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  if (card.joker) {
    ctx.fillStyle = "#6a1b9a";
    ctx.font = `bold ${w * 0.5}px ${FONT}`;
    ctx.fillText("★", w / 2, h * 0.55);
    ctx.font = `bold ${w * 0.2}px ${FONT}`;
    ctx.fillText("JK", w * 0.2, h * 0.12);
    ctx.save();
    ctx.translate(w, h);
    ctx.rotate(Math.PI);
    ctx.fillText("JK", w * 0.2, h * 0.12);
    ctx.restore();
    return c;
  }
  const colour = suitColour(card.suit, fourColour);
  const rank = RANK_TEXT[card.rank] || card.rank;
  const corner = () => {
    ctx.fillStyle = colour;
    ctx.font = `bold ${w * (rank.length > 1 ? 0.3 : 0.36)}px ${FONT}`;
    ctx.fillText(rank, w * 0.2, h * 0.12);
    ctx.font = `${w * 0.3}px ${FONT}`;
    ctx.fillText(SYMBOL[card.suit], w * 0.2, h * 0.3);
  };
  corner();
  ctx.save();
  ctx.translate(w, h);
  ctx.rotate(Math.PI);
  corner();
  ctx.restore();
  ctx.fillStyle = colour;
  ctx.font = `${w * 0.55}px ${FONT}`;
  ctx.fillText(SYMBOL[card.suit], w * 0.58, h * 0.55);
  return c;
}

/** The back shared by every face-down card. */
export function drawBack({ width = 128 } = {}) {
  const { c, ctx, w, h } = blank(width, "#24478f", "#0f2350");
  ctx.save();
  roundRect(ctx, w * 0.08, w * 0.08, w * 0.84, h - w * 0.16, w * 0.05);
  ctx.clip();
  ctx.strokeStyle = "rgba(255,255,255,0.35)";
  ctx.lineWidth = Math.max(1, w / 64);
  for (let i = -h; i < w + h; i += w / 8) {
    ctx.beginPath();
    ctx.moveTo(i, 0);
    ctx.lineTo(i + h, h);
    ctx.moveTo(i + h, 0);
    ctx.lineTo(i, h);
    ctx.stroke();
  }
  ctx.restore();
  return c;
}

/**
 * Every empty spot of the layout on one canvas (one texture, one mesh): a faint outline with the
 * card that belongs there. `rows` is the view's rows; cells with a card on them are drawn too,
 * the card covers them. `pxPerUnit` maps world units to pixels; pitch and card size in units.
 */
export function drawSpots(rows, { pxPerUnit = 100, colPitch, rowPitch, cardW, cardH, fourColour = false }) {
  const W = Math.round(13 * colPitch * pxPerUnit);
  const H = Math.round(4 * rowPitch * pxPerUnit);
  const c = canvas(W, H);
  const ctx = c.getContext("2d", { willReadFrequently: true });
  const w = cardW * pxPerUnit;
  const h = cardH * pxPerUnit;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  rows.forEach((row) => {
    const r = ["S", "H", "D", "C"].indexOf(row.suit);
    row.cells.forEach((cell, col) => {
      const card = parseCard(cell.card);
      const cx = (col + 0.5) * colPitch * pxPerUnit;
      const cy = (r + 0.5) * rowPitch * pxPerUnit;
      const closed = cell.state === "closed";
      ctx.globalAlpha = 1;
      roundRect(ctx, cx - w / 2 + 2, cy - h / 2 + 2, w - 4, h - 4, w * 0.08);
      ctx.fillStyle = closed ? "rgba(0,0,0,0.28)" : "rgba(255,255,255,0.07)";
      ctx.fill();
      ctx.lineWidth = Math.max(2, w / 40);
      ctx.strokeStyle = "rgba(255,255,255,0.3)";
      ctx.stroke();
      ctx.globalAlpha = 0.45;
      ctx.fillStyle = fourColour ? suitColour(card.suit, true) : "#e8f0e8";
      ctx.font = `bold ${w * 0.34}px ${FONT}`;
      ctx.fillText(RANK_TEXT[card.rank] || card.rank, cx, cy - h * 0.12);
      ctx.font = `${w * 0.34}px ${FONT}`;
      ctx.fillText(SYMBOL[card.suit], cx, cy + h * 0.14);
    });
  });
  return c;
}

/** The light of a lit spot: a card-shaped glow with a bright rim (drawn under the card). */
export function drawGlow({ width = 128 } = {}) {
  const h = Math.round(width * 1.4);
  const c = canvas(width, h);
  const ctx = c.getContext("2d", { willReadFrequently: true });
  const pad = width * 0.1;
  ctx.shadowColor = "rgba(255,220,60,1)";
  ctx.shadowBlur = pad * 0.9;
  roundRect(ctx, pad, pad, width - 2 * pad, h - 2 * pad, width * 0.08);
  ctx.fillStyle = "rgba(255,214,64,0.6)";
  ctx.fill();
  ctx.lineWidth = width * 0.05;
  ctx.strokeStyle = "rgba(255,240,150,1)";
  ctx.stroke();
  return c;
}

/** The felt, a soft vignette. */
export function drawFelt() {
  const c = canvas(256, 256);
  const ctx = c.getContext("2d", { willReadFrequently: true });
  const g = ctx.createRadialGradient(128, 128, 20, 128, 128, 190);
  g.addColorStop(0, "#1f7a4a");
  g.addColorStop(1, "#0f4a2c");
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 256, 256);
  return c;
}
