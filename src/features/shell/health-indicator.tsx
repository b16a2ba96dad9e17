"use client";

import { useQuery } from "@tanstack/react-query";

import { useTRPC } from "@/trpc/react";

import styles from "./app-shell.module.css";

/** A small status light in the header: is the server and its database up? */
export function HealthIndicator() {
  const trpc = useTRPC();
  const health = useQuery({
    ...trpc.health.ping.queryOptions(),
    refetchInterval: 30_000,
    retry: false,
  });

  let tone: "ok" | "down" | "pending" = "pending";
  let label = "Checking connection…";
  let detail = "";
  if (health.isError) {
    tone = "down";
    label = "Server unreachable";
    detail = health.error.message;
  } else if (health.data) {
    tone = health.data.db === "ok" ? "ok" : "down";
    label = health.data.db === "ok" ? "Connected" : "Database unavailable";
    detail = health.data.db === "ok" ? `Agent Graph Studio v${health.data.version}` : health.data.db;
  }

  return (
    <div className={styles.health} data-tone={tone} title={detail || label} role="status">
      <span className={styles.healthDot} aria-hidden="true" />
      <span className={styles.healthLabel}>{label}</span>
    </div>
  );
}
