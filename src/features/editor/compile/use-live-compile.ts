"use client";

import { useEffect } from "react";

import { analyzeGraph, compile } from "@/core/compiler";

import { useEditor, useEditorStoreApi } from "../store/editor-context";
import type { EditorStore } from "../store/editor-store";
import { summarize } from "./summaries";

/**
 * Quiet time after the last change before compiling again: short for the
 * graphs people usually draw, longer for big ones (a 500-agent compile takes
 * tens of milliseconds), so typing never waits for the compiler.
 */
function compileDelay(agentCount: number): number {
  return agentCount > 200 ? 400 : 120;
}

/**
 * Compiles the store's current document: the compile result, the analysis
 * (roles and tool names, known even when there are errors) and the per-node
 * summaries go into the store.
 */
export function compileInto(store: EditorStore): void {
  const { document, summaries } = store.getState();
  const compiled = compile(document);
  const { analysis } = analyzeGraph(document);
  store.getState().setCompiled(document, compiled, analysis, summarize(document, analysis, compiled, summaries));
}

/** Compiles the draft in the browser whenever it changes, after a short pause in the changes. */
export function useLiveCompile(): void {
  const store = useEditorStoreApi();
  const document = useEditor((state) => state.document);

  useEffect(() => {
    if (store.getState().compiledDocument === document) return;
    const timer = window.setTimeout(() => compileInto(store), compileDelay(document.agents.length));
    return () => window.clearTimeout(timer);
  }, [document, store]);
}
