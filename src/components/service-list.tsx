import * as React from "react";
import { EvenLines } from "./even-lines";
import { ServiceCard } from "./service-card";
import * as styles from "./service-list.module.css";

interface ServiceListProps {
  services: readonly Queries.ServiceCardFragment[];
}

export function ServiceList({ services }: ServiceListProps) {
  return (
    <EvenLines count={services.length} most={{ base: 1, sm: 2, lg: 3 }} gap="space-5" parts={3} className={styles.list}>
      {services.map((service) => (
        <li key={service.title}>
          <ServiceCard service={service} />
        </li>
      ))}
    </EvenLines>
  );
}
