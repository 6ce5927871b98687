import type { LinkBlockResult } from '../linkBlocks';
import type { PageStats } from '../stats';
import type { DecisiveNodeTrace, EngineName, ExtractOptions, LayoutProbe } from '../types';

/**
 * The pluggable engine contract. An engine only *selects* content; the shared pipeline
 * (extract.ts) does everything around it — the size check, the stats pass, link blocks,
 * removal of link-block noise inside the selection, serialization and metadata — so every
 * engine produces the same Clip shape from the same facts.
 */
export interface EngineContext {
  doc: Document;
  /** The one stats pass over the rendered DOM (stats.ts); engines reuse it, never redo it. */
  stats: PageStats;
  /** Logical link blocks of the page (linkBlocks.ts), already computed. */
  linkBlocks: LinkBlockResult;
  options: ExtractOptions;
  layout: LayoutProbe;
  /**
   * Whether the pipeline, given this selection, would find it a list of links: link blocks
   * that would take most of its text (extract.ts, rules.LINK_BLOCKS_MAX_CONTENT_SHARE), kept
   * as the list's content. Runs stages 5 and 6 on it, once: returning the same selection
   * reuses that work. Absent where no pipeline runs (unit tests of an engine alone).
   */
  isListOfLinks?: (selection: ContentSelection) => boolean;
  /**
   * What the pipeline would clip from this selection (stages 5 and 6, the same single run
   * isListOfLinks uses). Absent where no pipeline runs.
   */
  clipOf?: (selection: ContentSelection) => ClipOfSelection;
}

/** A selection as the pipeline clips it. */
export interface ClipOfSelection {
  /** The clip's plain text. */
  text: string;
  /** The kept set it serialized: the selection's, or its root alone when pruning kept nothing readable (extract.ts). */
  kept: ReadonlySet<Node>;
}

export interface ContentSelection {
  /** The element serialization starts from; everything kept lies inside it. */
  root: Element;
  /** Nodes kept with their whole subtree (elements or text nodes). */
  kept: Set<Node>;
  /** Nodes to drop even inside kept subtrees (the pipeline adds link-block noise to this). */
  removed?: Set<Node>;
  /** Decisive nodes for the trace (candidates, start, kept, dropped with reasons). */
  nodes: DecisiveNodeTrace[];
  /** Fallbacks taken and other notes for the trace. */
  notes: string[];
  /**
   * The selection is a list of links through and through (nodeTypes.StartNodeChoice.linkList),
   * or holds a list of card links (cardLists.ts): its link clusters and cards are its content,
   * so the pipeline leaves them in (no link-block or teaser-list removal).
   */
  linkList?: boolean;
}

export interface Engine {
  name: EngineName;
  /** Select the content, or null when the engine finds no article on the page. */
  select(ctx: EngineContext): ContentSelection | null;
}
