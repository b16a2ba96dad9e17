"use client";

import type { ReactNode } from "react";

import { AllowedHostsSection } from "./allowed-hosts-section";
import { HttpToolsSection } from "./http-tools-section";
import { SecretsSection } from "./secrets-section";
import styles from "./tools-settings.module.css";

/**
 * Settings → Tools: the workspace's tool catalog and what its tools use.
 * `mcpServers` is the MCP servers section, placed after the HTTP tools.
 */
export function ToolsSettings({ mcpServers }: { mcpServers?: ReactNode }) {
  return (
    <div className={styles.page}>
      <HttpToolsSection />
      {mcpServers}
      <SecretsSection />
      <AllowedHostsSection />
    </div>
  );
}
