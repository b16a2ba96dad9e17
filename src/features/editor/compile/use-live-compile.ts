"use client";

import { useEffect } from "react";

import { analyzeGraph, compile } from "@/core/compiler";

import { useEditor, useEditorStoreApi } from "../store/editor-context";
import { summarize } from "./summaries";

/** Quiet time after the last change before compiling again (keeps typing responsive on big graphs). */
const COMPILE_DELAY_MS = 120;

/**
 * Compiles the draft in the browser whenever it changes: at once for the
 * first document, then after a short pause in the changes. The compile result,
 * the analysis (roles and tool names, known even when there are errors) and the
 * per-node summaries go into the store.
 */
export function useLiveCompile(): void {
  const store = useEditorStoreApi();
  const document = useEditor((state) => state.document);

  useEffect(() => {
    const run = () => {
      const compiled = compile(document);
      const { analysis } = analyzeGraph(document);
      const summaries = summarize(document, analysis, compiled, store.getState().summaries);
      store.getState().setCompiled(compiled, analysis, summaries);
    };
    if (store.getState().compiled === null) {
      run();
      return;
    }
    const timer = window.setTimeout(run, COMPILE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [document, store]);
}
