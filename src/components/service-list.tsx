import * as React from "react";
import { ServiceCard } from "./service-card";
import * as styles from "./service-list.module.css";

interface ServiceListProps {
  services: readonly Queries.ServiceCardFragment[];
}

export function ServiceList({ services }: ServiceListProps) {
  return (
    <ul className={styles.list}>
      {services.map((service) => (
        <li key={service.title}>
          <ServiceCard service={service} />
        </li>
      ))}
    </ul>
  );
}
