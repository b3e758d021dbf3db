/**
 * @module Every query of annotation campaigns, in one place, over the run store's SQL surface (src/store/sql.ts):
 * plain SQL that SQLite and PostgreSQL both run (tables from migration 4 in src/store/migrations.ts).
 */
import type { ComprehensivenessLabel } from "../../analysis/human-agreement.ts";
import type { RunStore } from "../../store/run-store.ts";
import type { SqlDb } from "../../store/sql.ts";

export type CampaignRow = { id: string; name: string; guideline: string; created_at: string };
export type CampaignSummary = CampaignRow & { items: number; annotators: number; labels: number };
export type ItemRow = { id: string; run_id: string };
export type AnnotatorRow = { id: string; name: string; secret_hash: string };
/** A predicted step's metric labels: condition resolution and comprehensiveness of its matched pair, its factuality. */
export type StepScores = {
  /** N.4 on the matched conditional gold step: 1, 0.5 or 0; null when not labelled (or not conditional). */
  cr: number | null;
  /** N.5's four dimensions of the matched pair in 0–1; null when not labelled. */
  pc: ComprehensivenessLabel | null;
  /** Whether the step's cited documents support it: 1 / 0; null when not labelled. */
  supported: number | null;
};
export type LabelRow = {
  annotator_id: string;
  item_id: string;
  step: number;
  gold_step: number | null;
  note: string;
  updated_at: string;
} & StepScores;
export type NewLabel = Omit<LabelRow, "updated_at" | keyof StepScores> &
  Partial<StepScores> & { updated_at?: string };

/** An adjudicator's final decision on a predicted step the annotators disagree on (gold null: unmatched). */
export type AdjudicationRow = {
  item_id: string;
  step: number;
  gold_step: number | null;
  adjudicator: string;
  note: string;
  updated_at: string;
};

type StoredLabel = Omit<LabelRow, "pc"> & { pc: string | null };
const fromStored = (l: StoredLabel): LabelRow => ({ ...l, pc: l.pc === null ? null : JSON.parse(l.pc) });

/** The gold step is already held by another predicted step of the same workflow (the one-to-one rule). */
export class GoldTaken extends Error {
  constructor(
    readonly gold: number,
    readonly heldBy: number,
  ) {
    super(
      `gold step ${gold} is already matched to predicted step ${heldBy} of this workflow; unmatch that step first (a gold step is matched at most once per workflow)`,
    );
  }
}

export class AnnotationStore {
  constructor(private readonly db: SqlDb) {}

  /** The annotation tables of a run store (SQLite or PostgreSQL; any `SqlDb` with migration 4 applied). */
  static of(store: RunStore): AnnotationStore {
    return new AnnotationStore(store.db);
  }

  async createCampaign(
    campaign: CampaignRow,
    items: readonly ItemRow[],
    annotators: readonly AnnotatorRow[],
  ): Promise<void> {
    this.db.transaction(() => {
      this.db.run("INSERT INTO annotation_campaigns (id, name, guideline, created_at) VALUES (?, ?, ?, ?)", [
        campaign.id,
        campaign.name,
        campaign.guideline,
        campaign.created_at,
      ]);
      for (const item of items)
        this.db.run("INSERT INTO annotation_items (campaign_id, id, run_id) VALUES (?, ?, ?)", [
          campaign.id,
          item.id,
          item.run_id,
        ]);
      for (const a of annotators)
        this.db.run(
          "INSERT INTO annotation_annotators (campaign_id, id, name, secret_hash) VALUES (?, ?, ?, ?)",
          [campaign.id, a.id, a.name, a.secret_hash],
        );
    });
  }

  async campaigns(): Promise<CampaignSummary[]> {
    return this.db
      .query<CampaignSummary, []>(
        `SELECT c.id, c.name, c.guideline, c.created_at,
         (SELECT COUNT(*) FROM annotation_items i WHERE i.campaign_id = c.id) AS items,
         (SELECT COUNT(*) FROM annotation_annotators a WHERE a.campaign_id = c.id) AS annotators,
         (SELECT COUNT(*) FROM annotation_labels l WHERE l.campaign_id = c.id) AS labels
       FROM annotation_campaigns c ORDER BY c.created_at DESC, c.id`,
      )
      .all();
  }

  async campaign(id: string): Promise<CampaignRow | null> {
    return this.db
      .query<CampaignRow, [string]>(
        "SELECT id, name, guideline, created_at FROM annotation_campaigns WHERE id = ?",
      )
      .get(id);
  }

  async items(campaignId: string): Promise<ItemRow[]> {
    return this.db
      .query<ItemRow, [string]>("SELECT id, run_id FROM annotation_items WHERE campaign_id = ? ORDER BY id")
      .all(campaignId);
  }

  async annotators(campaignId: string): Promise<AnnotatorRow[]> {
    return this.db
      .query<AnnotatorRow, [string]>(
        "SELECT id, name, secret_hash FROM annotation_annotators WHERE campaign_id = ? ORDER BY name, id",
      )
      .all(campaignId);
  }

  async annotator(campaignId: string, annotatorId: string): Promise<AnnotatorRow | null> {
    return this.db
      .query<AnnotatorRow, [string, string]>(
        "SELECT id, name, secret_hash FROM annotation_annotators WHERE campaign_id = ? AND id = ?",
      )
      .get(campaignId, annotatorId);
  }

  /** Replace an annotator's secret (a new link; the old one stops working). */
  async setSecret(campaignId: string, annotatorId: string, secretHash: string): Promise<void> {
    this.db.run("UPDATE annotation_annotators SET secret_hash = ? WHERE campaign_id = ? AND id = ?", [
      secretHash,
      campaignId,
      annotatorId,
    ]);
  }

  /** A campaign's labels, optionally one annotator's, in a stable order. */
  async labels(campaignId: string, annotatorId?: string): Promise<LabelRow[]> {
    const where = annotatorId === undefined ? "" : " AND annotator_id = ?";
    return this.db
      .query<StoredLabel, string[]>(
        `SELECT annotator_id, item_id, step, gold_step, note, updated_at, cr, pc, supported FROM annotation_labels
       WHERE campaign_id = ?${where} ORDER BY annotator_id, item_id, step`,
      )
      .all(...(annotatorId === undefined ? [campaignId] : [campaignId, annotatorId]))
      .map(fromStored);
  }

  /**
   * Set some of a decided step's metric labels (the others kept); false when the step has no decision yet. The caller
   * checks they fit the decision (a condition score needs a matched conditional gold step).
   */
  async putScores(
    campaignId: string,
    annotatorId: string,
    itemId: string,
    step: number,
    scores: Partial<StepScores>,
    now = new Date().toISOString(),
  ): Promise<boolean> {
    return this.db.transaction(() => {
      const row = this.db
        .query<{ step: number }, [string, string, string, number]>(
          "SELECT step FROM annotation_labels WHERE campaign_id = ? AND annotator_id = ? AND item_id = ? AND step = ?",
        )
        .get(campaignId, annotatorId, itemId, step);
      if (!row) return false;
      const columns = {
        cr: scores.cr,
        pc: scores.pc === undefined ? undefined : scores.pc && JSON.stringify(scores.pc),
        supported: scores.supported,
      };
      const set = Object.entries(columns).filter(([, v]) => v !== undefined);
      this.db.run(
        `UPDATE annotation_labels SET ${[...set.map(([k]) => `${k} = ?`), "updated_at = ?"].join(", ")}
         WHERE campaign_id = ? AND annotator_id = ? AND item_id = ? AND step = ?`,
        [...set.map(([, v]) => v ?? null), now, campaignId, annotatorId, itemId, step],
      );
      return true;
    });
  }

  /** Record one decision; refuses (GoldTaken) a gold step another predicted step of the workflow already holds. */
  async putLabel(campaignId: string, label: NewLabel, now = new Date().toISOString()): Promise<void> {
    this.db.transaction(() => upsert(this.db, campaignId, label, now));
  }

  async clearLabel(campaignId: string, annotatorId: string, itemId: string, step: number): Promise<void> {
    this.db.run(
      "DELETE FROM annotation_labels WHERE campaign_id = ? AND annotator_id = ? AND item_id = ? AND step = ?",
      [campaignId, annotatorId, itemId, step],
    );
  }

  /** A campaign's adjudications, in item and step order. */
  async adjudications(campaignId: string): Promise<AdjudicationRow[]> {
    return this.db
      .query<AdjudicationRow, [string]>(
        `SELECT item_id, step, gold_step, adjudicator, note, updated_at FROM annotation_adjudications
         WHERE campaign_id = ? ORDER BY item_id, step`,
      )
      .all(campaignId);
  }

  /**
   * Set a step's final decision; refuses (GoldTaken) a gold step another adjudicated step of the workflow holds, as
   * the annotators' own rule does.
   */
  async putAdjudication(
    campaignId: string,
    a: Omit<AdjudicationRow, "updated_at">,
    now = new Date().toISOString(),
  ): Promise<void> {
    this.db.transaction(() => {
      if (a.gold_step !== null) {
        const held = this.db
          .query<{ step: number }, [string, string, number, number]>(
            `SELECT step FROM annotation_adjudications WHERE campaign_id = ? AND item_id = ? AND gold_step = ? AND step <> ?`,
          )
          .get(campaignId, a.item_id, a.gold_step, a.step);
        if (held) throw new GoldTaken(a.gold_step, held.step);
      }
      this.db.run(
        `INSERT INTO annotation_adjudications (campaign_id, item_id, step, gold_step, adjudicator, note, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (campaign_id, item_id, step) DO UPDATE SET gold_step = excluded.gold_step,
           adjudicator = excluded.adjudicator, note = excluded.note, updated_at = excluded.updated_at`,
        [campaignId, a.item_id, a.step, a.gold_step, a.adjudicator, a.note, now],
      );
    });
  }

  async clearAdjudication(campaignId: string, itemId: string, step: number): Promise<void> {
    this.db.run("DELETE FROM annotation_adjudications WHERE campaign_id = ? AND item_id = ? AND step = ?", [
      campaignId,
      itemId,
      step,
    ]);
  }

  /** Write many labels in one transaction (an import): all or none. `replace` first drops the campaign's labels. */
  async importLabels(campaignId: string, labels: readonly NewLabel[], replace: boolean): Promise<void> {
    this.db.transaction(() => {
      if (replace) this.db.run("DELETE FROM annotation_labels WHERE campaign_id = ?", [campaignId]);
      // Unmatched first, so a file that moves a gold step between two steps never collides with itself mid-way.
      const ordered = [...labels].sort((a, b) => Number(a.gold_step !== null) - Number(b.gold_step !== null));
      for (const label of ordered) upsert(this.db, campaignId, label, label.updated_at ?? "");
    });
  }
}

/**
 * Record a step's decision. Its condition and comprehensiveness labels were about the pair it made: a new gold step (or
 * none) drops them unless the label brings its own; its factuality label is about the step and stays.
 */
function upsert(db: SqlDb, campaignId: string, label: NewLabel, now: string): void {
  const before = db
    .query<StoredLabel, [string, string, string, number]>(
      `SELECT gold_step, cr, pc, supported FROM annotation_labels
     WHERE campaign_id = ? AND annotator_id = ? AND item_id = ? AND step = ?`,
    )
    .get(campaignId, label.annotator_id, label.item_id, label.step);
  const samePair = before !== null && before.gold_step === label.gold_step;
  const cr = label.cr !== undefined ? label.cr : samePair ? before.cr : null;
  const pc = label.pc !== undefined ? label.pc && JSON.stringify(label.pc) : samePair ? before.pc : null;
  const supported = label.supported !== undefined ? label.supported : (before?.supported ?? null);
  if (label.gold_step !== null) {
    const held = db
      .query<{ step: number }, [string, string, string, number, number]>(
        `SELECT step FROM annotation_labels
       WHERE campaign_id = ? AND annotator_id = ? AND item_id = ? AND gold_step = ? AND step <> ?`,
      )
      .get(campaignId, label.annotator_id, label.item_id, label.gold_step, label.step);
    if (held) throw new GoldTaken(label.gold_step, held.step);
  }
  db.run(
    `INSERT INTO annotation_labels (campaign_id, annotator_id, item_id, step, gold_step, note, updated_at, cr, pc, supported)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (campaign_id, annotator_id, item_id, step)
     DO UPDATE SET gold_step = excluded.gold_step, note = excluded.note, updated_at = excluded.updated_at,
       cr = excluded.cr, pc = excluded.pc, supported = excluded.supported`,
    [
      campaignId,
      label.annotator_id,
      label.item_id,
      label.step,
      label.gold_step,
      label.note,
      now,
      cr,
      pc,
      supported,
    ],
  );
}
