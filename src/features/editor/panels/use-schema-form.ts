"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useEffect, useRef } from "react";
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";

import { optionalPathsOf, unsetBlank } from "./empty-fields";
import { fieldErrorMessage } from "./form-errors";

/** A form over one of the core's schemas, and the function that saves it when it is valid. */
export interface SchemaForm<TIn extends FieldValues, TOut> {
  form: UseFormReturn<TIn, unknown, TOut>;
  /** Validates the whole form with the schema; calls `onValid` with the parsed value only when it passes. */
  commit: () => void;
}

/**
 * react-hook-form validated by a core zod schema (never a copy of it).
 * Errors show as the user types; `commit` (on blur, Enter, or a pick in a
 * select/switch) hands the parsed value — defaults filled — to `onValid`.
 * When `value` changes from outside (undo, the canvas, another panel), the
 * form resets to it; its own commits come back equal and change nothing.
 */
export function useSchemaForm<TIn extends FieldValues, TOut>(
  schema: z.ZodType<TOut, TIn>,
  value: TIn,
  onValid: (value: TOut, form: UseFormReturn<TIn, unknown, TOut>) => void,
): SchemaForm<TIn, TOut> {
  const form: UseFormReturn<TIn, unknown, TOut> = useForm<TIn, unknown, TOut>({
    // The core schema validates; blank optional fields are unset first (empty-fields.ts).
    resolver: (values, context, options) =>
      (zodResolver(schema as never, { error: fieldErrorMessage }) as unknown as Resolver<TIn, unknown, TOut>)(
        unsetBlank(values, optionalPathsOf(form)),
        context,
        options,
      ),
    defaultValues: value as DefaultValues<TIn>,
    mode: "onChange",
    // Saving runs on every blur: pulling focus back to an invalid field would fight the user's Tab.
    shouldFocusError: false,
  });
  const key = JSON.stringify(value);
  const applied = useRef(key);
  const { reset } = form;
  useEffect(() => {
    if (applied.current === key) return;
    applied.current = key;
    reset(JSON.parse(key) as TIn);
  }, [key, reset]);
  const onValidRef = useRef(onValid);
  useEffect(() => {
    onValidRef.current = onValid;
  });
  const { handleSubmit } = form;
  const commit = useCallback(() => {
    void handleSubmit((parsed) => onValidRef.current(parsed, form))();
  }, [handleSubmit, form]);
  return { form, commit };
}
