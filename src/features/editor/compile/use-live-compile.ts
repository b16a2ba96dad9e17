"use client";

import { useEffect, useRef } from "react";

import type { DocumentCheck } from "@/core/analysis";
import type { CompileResult, RuntimeDefinition } from "@/core/compiler";
import { buildDefinition } from "@/core/compiler/build-definition";
import type { CompileOptions } from "@/core/compiler/options";

import { documentCheckOf, problemsByTarget, setKnownTools, setPriceTable } from "../diagnostics/problems";
import { knownToolsOf } from "../panels/tool-catalog";

import { useEditor, useEditorStoreApi } from "../store/editor-context";
import type { EditorStore } from "../store/editor-store";
import { differsOnlyInView } from "../store/viewport";
import { problemCountsFromTargets, summarize } from "./summaries";

/**
 * Quiet time after the last change before checking again, so a burst of
 * keystrokes is checked once (a check of a 500-agent graph takes a few
 * milliseconds: bench/editor.ts).
 */
const CHECK_DELAY_MS = 120;

/**
 * The compile result the editor shows, from one `checkDocument` run: the
 * compiler's diagnostics at once, the runtime definition only when a panel
 * reads it (building it is most of a compile's cost; a version is compiled
 * again on the server anyway). No hash: only versions need one.
 */
export function liveCompileResult(check: DocumentCheck, options: CompileOptions = {}): CompileResult {
  const hasErrors = check.diagnostics.some((diagnostic) => diagnostic.severity === "error");
  let definition: RuntimeDefinition | null | undefined = hasErrors ? null : undefined;
  return {
    diagnostics: check.diagnostics,
    hash: null,
    get definition() {
      if (definition === undefined) definition = buildDefinition(check.analysis, options);
      return definition;
    },
  };
}

/**
 * Checks the store's current document once with the workspace's catalog and
 * prices when they have loaded (compiler diagnostics, static analysis priced
 * from the workspace's table, roles and tool names — shared with the Problems panel through
 * `documentCheckOf`); the compile result, the analysis and the per-node
 * summaries with their problem badges go into the store.
 */
export function compileInto(store: EditorStore): void {
  const { document, summaries, catalog, priceTable } = store.getState();
  const knownTools = catalog ? knownToolsOf(catalog) : undefined;
  setKnownTools(knownTools);
  setPriceTable(priceTable ?? undefined);
  const check = documentCheckOf(document);
  const compiled = liveCompileResult(check, knownTools ? { knownTools } : {});
  const problems = problemCountsFromTargets(problemsByTarget(document, compiled));
  store
    .getState()
    .setCompiled(
      document,
      compiled,
      check.analysis,
      summarize(document, check.analysis, compiled, summaries, problems),
    );
}

/** Compiles the draft in the browser whenever it changes, after a short pause in the changes. */
export function useLiveCompile(): void {
  const store = useEditorStoreApi();
  const document = useEditor((state) => state.document);
  const catalog = useEditor((state) => state.catalog);
  const priceTable = useEditor((state) => state.priceTable);
  const compiledWith = useRef({ catalog, priceTable });

  useEffect(() => {
    // The catalog or the prices arrived or changed: the verdict on tool names, the cost and the budget findings may differ, check again now.
    if (compiledWith.current.catalog !== catalog || compiledWith.current.priceTable !== priceTable) {
      compiledWith.current = { catalog, priceTable };
      compileInto(store);
      return;
    }
    const { compiledDocument, compiled, analysis, summaries } = store.getState();
    if (compiledDocument === document) return;
    // A pan or zoom only moved the saved viewport: the verdict stands (no compile while panning a big graph).
    if (compiledDocument && compiled && analysis && differsOnlyInView(compiledDocument, document)) {
      store.getState().setCompiled(document, compiled, analysis, summaries);
      return;
    }
    const timer = window.setTimeout(() => compileInto(store), CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [document, catalog, priceTable, store]);
}
