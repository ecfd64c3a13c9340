import * as React from "react";
import * as styles from "./error-fallback.module.css";

interface ErrorFallbackProps {
  heading: string;
  message: string;
}

export function ErrorFallback({ heading, message }: ErrorFallbackProps) {
  return (
    <div role="alert" className={styles.fallback}>
      <h1>{heading}</h1>
      <p className={styles.message}>{message}</p>
    </div>
  );
}
