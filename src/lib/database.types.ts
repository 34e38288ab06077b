// The database's types, generated from the migrated schema by Supabase's generator (@supabase/postgres-meta).
// Do not edit: change a migration, then run `npm run db:types`.
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      calendar_events: {
        Row: {
          created_at: string;
          description: string | null;
          end_date: string;
          event_type: string;
          id: string;
          sequence: number;
          start_date: string;
          title: string;
          updated_at: string;
        };
        Insert: {
          created_at?: string;
          description?: string | null;
          end_date: string;
          event_type?: string;
          id?: string;
          sequence?: number;
          start_date: string;
          title: string;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          description?: string | null;
          end_date?: string;
          event_type?: string;
          id?: string;
          sequence?: number;
          start_date?: string;
          title?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      contacts: {
        Row: {
          created_at: string;
          email: string | null;
          id: string;
          name: string;
          phone: string | null;
          role: string;
          updated_at: string;
          version: number;
        };
        Insert: {
          created_at?: string;
          email?: string | null;
          id: string;
          name: string;
          phone?: string | null;
          role: string;
          updated_at?: string;
          version?: number;
        };
        Update: {
          created_at?: string;
          email?: string | null;
          id?: string;
          name?: string;
          phone?: string | null;
          role?: string;
          updated_at?: string;
          version?: number;
        };
        Relationships: [];
      };
      contacts_history: {
        Row: {
          contact: NonNullable<Json>;
          contact_id: string;
          history_id: number;
          replaced_at: string;
          version: number;
          written_at: string;
        };
        Insert: {
          contact: NonNullable<Json>;
          contact_id: string;
          history_id?: never;
          replaced_at?: string;
          version: number;
          written_at: string;
        };
        Update: {
          contact?: NonNullable<Json>;
          contact_id?: string;
          history_id?: never;
          replaced_at?: string;
          version?: number;
          written_at?: string;
        };
        Relationships: [];
      };
      contacts_insert_log: {
        Row: {
          id: number;
          inserted_at: string;
        };
        Insert: {
          id?: never;
          inserted_at: string;
        };
        Update: {
          id?: never;
          inserted_at?: string;
        };
        Relationships: [];
      };
      contacts_limits: {
        Row: {
          id: boolean;
          per_day: number;
          per_minute: number;
          updates_per_day: number;
          updates_per_minute: number;
          updates_per_request: number;
        };
        Insert: {
          id?: boolean;
          per_day?: number;
          per_minute?: number;
          updates_per_day?: number;
          updates_per_minute?: number;
          updates_per_request?: number;
        };
        Update: {
          id?: boolean;
          per_day?: number;
          per_minute?: number;
          updates_per_day?: number;
          updates_per_minute?: number;
          updates_per_request?: number;
        };
        Relationships: [];
      };
      contacts_update_log: {
        Row: {
          changed_at: string;
          id: number;
        };
        Insert: {
          changed_at: string;
          id?: never;
        };
        Update: {
          changed_at?: string;
          id?: never;
        };
        Relationships: [];
      };
      fan_signups: {
        Row: {
          created_at: string;
          email: string;
          id: string;
          interest: string;
        };
        Insert: {
          created_at?: string;
          email: string;
          id?: string;
          interest?: string;
        };
        Update: {
          created_at?: string;
          email?: string;
          id?: string;
          interest?: string;
        };
        Relationships: [];
      };
      fan_signups_attempts: {
        Row: {
          address_key: string | null;
          attempted_at: string;
          client: string;
        };
        Insert: {
          address_key?: string | null;
          attempted_at?: string;
          client?: string;
        };
        Update: {
          address_key?: string | null;
          attempted_at?: string;
          client?: string;
        };
        Relationships: [];
      };
      fan_signups_held: {
        Row: {
          created_at: string;
          email: string;
          id: string;
          interest: string;
        };
        Insert: {
          created_at?: string;
          email: string;
          id?: string;
          interest?: string;
        };
        Update: {
          created_at?: string;
          email?: string;
          id?: string;
          interest?: string;
        };
        Relationships: [];
      };
      fan_signups_limits: {
        Row: {
          held_per_day: number;
          id: boolean;
          per_client_per_minute: number;
          per_minute: number;
        };
        Insert: {
          held_per_day?: number;
          id?: boolean;
          per_client_per_minute?: number;
          per_minute?: number;
        };
        Update: {
          held_per_day?: number;
          id?: boolean;
          per_client_per_minute?: number;
          per_minute?: number;
        };
        Relationships: [];
      };
      published_shows: {
        Row: {
          availability: string | null;
          currency: string | null;
          id: string;
          on_sale_at: string | null;
          previous_starts_at: string | null;
          price: number | null;
          starts_at: string;
          status: string;
          ticket_kind: string;
          ticket_url: string;
          time_zone: string;
          venue_country: string;
          venue_county: string;
          venue_name: string;
          venue_postal_code: string;
          venue_street: string;
          venue_town: string;
        };
        Insert: {
          availability?: string | null;
          currency?: string | null;
          id: string;
          on_sale_at?: string | null;
          previous_starts_at?: string | null;
          price?: number | null;
          starts_at: string;
          status: string;
          ticket_kind: string;
          ticket_url: string;
          time_zone: string;
          venue_country: string;
          venue_county: string;
          venue_name: string;
          venue_postal_code: string;
          venue_street: string;
          venue_town: string;
        };
        Update: {
          availability?: string | null;
          currency?: string | null;
          id?: string;
          on_sale_at?: string | null;
          previous_starts_at?: string | null;
          price?: number | null;
          starts_at?: string;
          status?: string;
          ticket_kind?: string;
          ticket_url?: string;
          time_zone?: string;
          venue_country?: string;
          venue_county?: string;
          venue_name?: string;
          venue_postal_code?: string;
          venue_street?: string;
          venue_town?: string;
        };
        Relationships: [
          {
            foreignKeyName: "published_shows_id_fkey";
            columns: ["id"];
            referencedRelation: "shows";
            referencedColumns: ["id"];
          },
        ];
      };
      show_changes: {
        Row: {
          changed_at: string;
          show_id: string;
        };
        Insert: {
          changed_at?: string;
          show_id: string;
        };
        Update: {
          changed_at?: string;
          show_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: "show_changes_show_id_fkey";
            columns: ["show_id"];
            referencedRelation: "shows";
            referencedColumns: ["id"];
          },
        ];
      };
      shows: {
        Row: {
          availability: string | null;
          created_at: string;
          currency: string | null;
          event_id: string;
          id: string;
          notes: string | null;
          on_sale_at: string | null;
          previous_starts_at: string | null;
          price: number | null;
          published: boolean;
          starts_at: string;
          status: string;
          ticket_kind: string;
          ticket_url: string;
          time_zone: string;
          updated_at: string;
          venue_country: string;
          venue_county: string;
          venue_name: string;
          venue_postal_code: string;
          venue_street: string;
          venue_town: string;
          version: number;
        };
        Insert: {
          availability?: string | null;
          created_at?: string;
          currency?: string | null;
          event_id: string;
          id: string;
          notes?: string | null;
          on_sale_at?: string | null;
          previous_starts_at?: string | null;
          price?: number | null;
          published?: boolean;
          starts_at: string;
          status?: string;
          ticket_kind: string;
          ticket_url: string;
          time_zone?: string;
          updated_at?: string;
          venue_country: string;
          venue_county: string;
          venue_name: string;
          venue_postal_code: string;
          venue_street: string;
          venue_town: string;
          version?: number;
        };
        Update: {
          availability?: string | null;
          created_at?: string;
          currency?: string | null;
          event_id?: string;
          id?: string;
          notes?: string | null;
          on_sale_at?: string | null;
          previous_starts_at?: string | null;
          price?: number | null;
          published?: boolean;
          starts_at?: string;
          status?: string;
          ticket_kind?: string;
          ticket_url?: string;
          time_zone?: string;
          updated_at?: string;
          venue_country?: string;
          venue_county?: string;
          venue_name?: string;
          venue_postal_code?: string;
          venue_street?: string;
          venue_town?: string;
          version?: number;
        };
        Relationships: [
          {
            foreignKeyName: "shows_event_id_fkey";
            columns: ["event_id"];
            referencedRelation: "calendar_events";
            referencedColumns: ["id"];
          },
        ];
      };
      shows_history: {
        Row: {
          replaced_at: string;
          show: NonNullable<Json>;
          show_id: string;
          version: number;
          written_at: string;
        };
        Insert: {
          replaced_at?: string;
          show: NonNullable<Json>;
          show_id: string;
          version: number;
          written_at: string;
        };
        Update: {
          replaced_at?: string;
          show?: NonNullable<Json>;
          show_id?: string;
          version?: number;
          written_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: "shows_history_show_id_fkey";
            columns: ["show_id"];
            referencedRelation: "shows";
            referencedColumns: ["id"];
          },
        ];
      };
    };
    Views: {
      [_ in never]: never;
    };
    Functions: {
      calendar_feed_made_at: {
        Args: Record<PropertyKey, never>;
        Returns: string;
      };
      fan_signups_refused: { Args: Record<PropertyKey, never>; Returns: number };
      fan_signups_release_held: { Args: { accept: boolean }; Returns: number };
      heartbeat: { Args: Record<PropertyKey, never>; Returns: string };
      new_calendar_feed_address: { Args: { ending?: string }; Returns: Json };
      restore_contacts: {
        Args: { at: string; dry_run?: boolean };
        Returns: {
          contact: string;
          from_version: number;
          now_values: Json;
          outcome: string;
          problem: string;
          then_values: Json;
        }[];
      };
      restore_show: {
        Args: { seen: number; show_id: string; version: number };
        Returns: {
          availability: string | null;
          created_at: string;
          currency: string | null;
          event_id: string;
          id: string;
          notes: string | null;
          on_sale_at: string | null;
          previous_starts_at: string | null;
          price: number | null;
          published: boolean;
          starts_at: string;
          status: string;
          ticket_kind: string;
          ticket_url: string;
          time_zone: string;
          updated_at: string;
          venue_country: string;
          venue_county: string;
          venue_name: string;
          venue_postal_code: string;
          venue_street: string;
          venue_town: string;
          version: number;
        }[];
        SetofOptions: {
          from: "*";
          to: "shows";
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      team_calendar_feed: {
        Args: { client?: string; secret: string };
        Returns: Json;
      };
    };
    Enums: {
      [_ in never]: never;
    };
    CompositeTypes: {
      [_ in never]: never;
    };
  };
};

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">;

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">];

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    keyof (DefaultSchema["Tables"] & DefaultSchema["Views"]) | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R;
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R;
      }
      ? R
      : never
    : never;

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I;
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I;
      }
      ? I
      : never
    : never;

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U;
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U;
      }
      ? U
      : never
    : never;

export type Enums<
  DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never;

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    keyof DefaultSchema["CompositeTypes"] | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never;

export const Constants = {
  public: {
    Enums: {},
  },
} as const;
