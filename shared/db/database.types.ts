export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[];

export type Database = {
  public: {
    Tables: {
      analytics_events: {
        Row: {
          created_at: string;
          event_name: string;
          id: number;
          properties: NonNullable<Json>;
          user_id: string | null;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          event_name: string;
          id?: never;
          properties?: NonNullable<Json>;
          user_id?: string | null;
        };
        Update: {
          created_at?: string;
          event_name?: string;
          id?: never;
          properties?: NonNullable<Json>;
          user_id?: string | null;
        };
        Relationships: [];
      };
      badges: {
        Row: {
          description: string;
          emoji: string;
          key: string;
          metric: string;
          name: string;
          sort_order: number;
          threshold: number;
        };
        ComputedFields: never;
        Insert: {
          description: string;
          emoji: string;
          key: string;
          metric: string;
          name: string;
          sort_order: number;
          threshold: number;
        };
        Update: {
          description?: string;
          emoji?: string;
          key?: string;
          metric?: string;
          name?: string;
          sort_order?: number;
          threshold?: number;
        };
        Relationships: [];
      };
      blog_admins: {
        Row: {
          created_at: string;
          id: string;
          user_email: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          id?: string;
          user_email: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          user_email?: string;
        };
        Relationships: [];
      };
      blog_article_categories: {
        Row: {
          article_id: string;
          category_id: string;
        };
        ComputedFields: never;
        Insert: {
          article_id: string;
          category_id: string;
        };
        Update: {
          article_id?: string;
          category_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'blog_article_categories_article_id_fkey';
            columns: ['article_id'];
            isOneToOne: false;
            referencedRelation: 'blog_articles';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'blog_article_categories_category_id_fkey';
            columns: ['category_id'];
            isOneToOne: false;
            referencedRelation: 'blog_categories';
            referencedColumns: ['id'];
          },
        ];
      };
      blog_article_likes: {
        Row: {
          article_id: string;
          client_hash: string | null;
          created_at: string;
          id: string;
          ip_address: string | null;
          user_email: string | null;
          user_id: string | null;
        };
        ComputedFields: never;
        Insert: {
          article_id: string;
          client_hash?: string | null;
          created_at?: string;
          id?: string;
          ip_address?: string | null;
          user_email?: string | null;
          user_id?: string | null;
        };
        Update: {
          article_id?: string;
          client_hash?: string | null;
          created_at?: string;
          id?: string;
          ip_address?: string | null;
          user_email?: string | null;
          user_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'blog_article_likes_article_id_fkey';
            columns: ['article_id'];
            isOneToOne: false;
            referencedRelation: 'blog_articles';
            referencedColumns: ['id'];
          },
        ];
      };
      blog_article_slug_redirects: {
        Row: {
          article_id: string;
          created_at: string;
          old_slug: string;
        };
        ComputedFields: never;
        Insert: {
          article_id: string;
          created_at?: string;
          old_slug: string;
        };
        Update: {
          article_id?: string;
          created_at?: string;
          old_slug?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'blog_article_slug_redirects_article_id_fkey';
            columns: ['article_id'];
            isOneToOne: false;
            referencedRelation: 'blog_articles';
            referencedColumns: ['id'];
          },
        ];
      };
      blog_article_tags: {
        Row: {
          article_id: string;
          tag_id: string;
        };
        ComputedFields: never;
        Insert: {
          article_id: string;
          tag_id: string;
        };
        Update: {
          article_id?: string;
          tag_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'blog_article_tags_article_id_fkey';
            columns: ['article_id'];
            isOneToOne: false;
            referencedRelation: 'blog_articles';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'blog_article_tags_tag_id_fkey';
            columns: ['tag_id'];
            isOneToOne: false;
            referencedRelation: 'blog_tags';
            referencedColumns: ['id'];
          },
        ];
      };
      blog_articles: {
        Row: {
          author_id: string | null;
          content: string;
          created_at: string;
          excerpt: string;
          featured_image_url: string;
          id: string;
          meta_description: string;
          meta_title: string;
          published: boolean;
          published_at: string | null;
          slug: string;
          title: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          author_id?: string | null;
          content: string;
          created_at?: string;
          excerpt?: string;
          featured_image_url?: string;
          id?: string;
          meta_description?: string;
          meta_title?: string;
          published?: boolean;
          published_at?: string | null;
          slug: string;
          title: string;
          updated_at?: string;
        };
        Update: {
          author_id?: string | null;
          content?: string;
          created_at?: string;
          excerpt?: string;
          featured_image_url?: string;
          id?: string;
          meta_description?: string;
          meta_title?: string;
          published?: boolean;
          published_at?: string | null;
          slug?: string;
          title?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      blog_categories: {
        Row: {
          created_at: string;
          description: string;
          id: string;
          name: string;
          slug: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          description?: string;
          id?: string;
          name: string;
          slug: string;
        };
        Update: {
          created_at?: string;
          description?: string;
          id?: string;
          name?: string;
          slug?: string;
        };
        Relationships: [];
      };
      blog_tags: {
        Row: {
          created_at: string;
          id: string;
          name: string;
          slug: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          id?: string;
          name: string;
          slug: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          name?: string;
          slug?: string;
        };
        Relationships: [];
      };
      companies: {
        Row: {
          company_name: string;
          created_at: string;
          domain: string;
          domains: string[];
          email: string;
          id: string;
          notifications_enabled: boolean;
          password_hash: string;
          public_page_slug: string | null;
          terms_accepted_at: string;
          updated_at: string;
          user_id: string;
          website_url: string | null;
        };
        ComputedFields: never;
        Insert: {
          company_name: string;
          created_at?: string;
          domain?: string;
          domains?: string[];
          email: string;
          id?: string;
          notifications_enabled?: boolean;
          password_hash?: string;
          public_page_slug?: string | null;
          terms_accepted_at: string;
          updated_at?: string;
          user_id: string;
          website_url?: string | null;
        };
        Update: {
          company_name?: string;
          created_at?: string;
          domain?: string;
          domains?: string[];
          email?: string;
          id?: string;
          notifications_enabled?: boolean;
          password_hash?: string;
          public_page_slug?: string | null;
          terms_accepted_at?: string;
          updated_at?: string;
          user_id?: string;
          website_url?: string | null;
        };
        Relationships: [];
      };
      company_domains: {
        Row: {
          company_id: string;
          created_at: string;
          domain: string;
          verification_method: string | null;
          verification_token: string;
          verified_at: string | null;
        };
        ComputedFields: never;
        Insert: {
          company_id: string;
          created_at?: string;
          domain: string;
          verification_method?: string | null;
          verification_token?: string;
          verified_at?: string | null;
        };
        Update: {
          company_id?: string;
          created_at?: string;
          domain?: string;
          verification_method?: string | null;
          verification_token?: string;
          verified_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'company_domains_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      company_feedback_events: {
        Row: {
          company_id: string;
          created_at: string;
          event_type: string;
          feedback_id: string;
          id: number;
        };
        ComputedFields: never;
        Insert: {
          company_id: string;
          created_at?: string;
          event_type: string;
          feedback_id: string;
          id?: never;
        };
        Update: {
          company_id?: string;
          created_at?: string;
          event_type?: string;
          feedback_id?: string;
          id?: never;
        };
        Relationships: [
          {
            foreignKeyName: 'company_feedback_events_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'company_feedback_events_feedback_id_fkey';
            columns: ['feedback_id'];
            isOneToOne: false;
            referencedRelation: 'feedback';
            referencedColumns: ['id'];
          },
        ];
      };
      company_feedback_views: {
        Row: {
          company_id: string;
          counted: boolean;
          feedback_id: string;
          id: string;
          viewed_at: string;
          viewed_on: string;
        };
        ComputedFields: never;
        Insert: {
          company_id: string;
          counted?: boolean;
          feedback_id: string;
          id?: string;
          viewed_at?: string;
          viewed_on: string;
        };
        Update: {
          company_id?: string;
          counted?: boolean;
          feedback_id?: string;
          id?: string;
          viewed_at?: string;
          viewed_on?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'company_feedback_views_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'company_feedback_views_feedback_id_fkey';
            columns: ['feedback_id'];
            isOneToOne: false;
            referencedRelation: 'feedback';
            referencedColumns: ['id'];
          },
        ];
      };
      company_invitations: {
        Row: {
          accepted_at: string | null;
          accepted_by: string | null;
          company_id: string;
          created_at: string;
          email: string;
          expires_at: string;
          id: string;
          invited_by: string | null;
          revoked_at: string | null;
          role: string;
          token_hash: string;
        };
        ComputedFields: never;
        Insert: {
          accepted_at?: string | null;
          accepted_by?: string | null;
          company_id: string;
          created_at?: string;
          email: string;
          expires_at: string;
          id?: string;
          invited_by?: string | null;
          revoked_at?: string | null;
          role: string;
          token_hash: string;
        };
        Update: {
          accepted_at?: string | null;
          accepted_by?: string | null;
          company_id?: string;
          created_at?: string;
          email?: string;
          expires_at?: string;
          id?: string;
          invited_by?: string | null;
          revoked_at?: string | null;
          role?: string;
          token_hash?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'company_invitations_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      company_members: {
        Row: {
          company_id: string;
          created_at: string;
          read_only_since: string | null;
          role: string;
          user_id: string;
          weekly_summary: boolean;
        };
        ComputedFields: never;
        Insert: {
          company_id: string;
          created_at?: string;
          read_only_since?: string | null;
          role: string;
          user_id: string;
          weekly_summary?: boolean;
        };
        Update: {
          company_id?: string;
          created_at?: string;
          read_only_since?: string | null;
          role?: string;
          user_id?: string;
          weekly_summary?: boolean;
        };
        Relationships: [
          {
            foreignKeyName: 'company_members_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      company_subscriptions: {
        Row: {
          billing_event_at: string | null;
          billing_status: string | null;
          company_id: string;
          created_at: string;
          current_period_end: string | null;
          features: NonNullable<Json>;
          grace_ends_at: string | null;
          stripe_customer_id: string | null;
          stripe_subscription_id: string | null;
          subscription_type: string;
          trial_ends_at: string | null;
          trial_started_at: string | null;
          trial_status: string | null;
          updated_at: string;
          views_reset_at: string | null;
        };
        ComputedFields: never;
        Insert: {
          billing_event_at?: string | null;
          billing_status?: string | null;
          company_id: string;
          created_at?: string;
          current_period_end?: string | null;
          features?: NonNullable<Json>;
          grace_ends_at?: string | null;
          stripe_customer_id?: string | null;
          stripe_subscription_id?: string | null;
          subscription_type?: string;
          trial_ends_at?: string | null;
          trial_started_at?: string | null;
          trial_status?: string | null;
          updated_at?: string;
          views_reset_at?: string | null;
        };
        Update: {
          billing_event_at?: string | null;
          billing_status?: string | null;
          company_id?: string;
          created_at?: string;
          current_period_end?: string | null;
          features?: NonNullable<Json>;
          grace_ends_at?: string | null;
          stripe_customer_id?: string | null;
          stripe_subscription_id?: string | null;
          subscription_type?: string;
          trial_ends_at?: string | null;
          trial_started_at?: string | null;
          trial_status?: string | null;
          updated_at?: string;
          views_reset_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'company_subscriptions_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: true;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      company_webhook_deliveries: {
        Row: {
          attempts: number;
          company_id: string;
          created_at: string;
          delivered_at: string | null;
          feedback_id: string;
          id: number;
          last_error: string | null;
          locked_at: string | null;
          response_status: number | null;
          run_after: string;
          status: string;
          webhook_id: string;
        };
        ComputedFields: never;
        Insert: {
          attempts?: number;
          company_id: string;
          created_at?: string;
          delivered_at?: string | null;
          feedback_id: string;
          id?: never;
          last_error?: string | null;
          locked_at?: string | null;
          response_status?: number | null;
          run_after?: string;
          status?: string;
          webhook_id: string;
        };
        Update: {
          attempts?: number;
          company_id?: string;
          created_at?: string;
          delivered_at?: string | null;
          feedback_id?: string;
          id?: never;
          last_error?: string | null;
          locked_at?: string | null;
          response_status?: number | null;
          run_after?: string;
          status?: string;
          webhook_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'company_webhook_deliveries_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'company_webhook_deliveries_feedback_id_fkey';
            columns: ['feedback_id'];
            isOneToOne: false;
            referencedRelation: 'feedback';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'company_webhook_deliveries_webhook_id_fkey';
            columns: ['webhook_id'];
            isOneToOne: false;
            referencedRelation: 'company_webhooks';
            referencedColumns: ['id'];
          },
        ];
      };
      company_webhooks: {
        Row: {
          active: boolean;
          company_id: string;
          created_at: string;
          format: string;
          id: string;
          secret: string;
          url: string;
        };
        ComputedFields: never;
        Insert: {
          active?: boolean;
          company_id: string;
          created_at?: string;
          format?: string;
          id?: string;
          secret?: string;
          url: string;
        };
        Update: {
          active?: boolean;
          company_id?: string;
          created_at?: string;
          format?: string;
          id?: string;
          secret?: string;
          url?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'company_webhooks_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      feedback: {
        Row: {
          actionable: boolean | null;
          ai_processed_at: string | null;
          audio_url: string | null;
          category: string;
          company_name: string;
          created_at: string;
          description: string;
          downvotes: number;
          first_feedback: boolean;
          id: string;
          is_spam: boolean;
          points_awarded: number;
          priority: string | null;
          quality_score: number;
          quality_source: string;
          raw_description: string;
          screenshot_url: string | null;
          self_dealing: boolean;
          sentiment: string | null;
          status: string;
          status_changed_at: string | null;
          suggested_fix: string | null;
          suggested_response: string | null;
          tags: string[];
          technical_context: Json | null;
          title: string;
          total_votes: number;
          updated_at: string;
          upvotes: number;
          user_email: string | null;
          user_id: string;
          user_name: string | null;
          view_count: number;
          website_host: string | null;
          website_url: string | null;
        };
        ComputedFields: never;
        Insert: {
          actionable?: boolean | null;
          ai_processed_at?: string | null;
          audio_url?: string | null;
          category?: string;
          company_name: string;
          created_at?: string;
          description: string;
          downvotes?: number;
          first_feedback?: boolean;
          id?: string;
          is_spam?: boolean;
          points_awarded?: number;
          priority?: string | null;
          quality_score?: number;
          quality_source?: string;
          raw_description: string;
          screenshot_url?: string | null;
          self_dealing?: boolean;
          sentiment?: string | null;
          status?: string;
          status_changed_at?: string | null;
          suggested_fix?: string | null;
          suggested_response?: string | null;
          tags?: string[];
          technical_context?: Json | null;
          title: string;
          total_votes?: number;
          updated_at?: string;
          upvotes?: number;
          user_email?: string | null;
          user_id: string;
          user_name?: string | null;
          view_count?: number;
          website_host?: string | null;
          website_url?: string | null;
        };
        Update: {
          actionable?: boolean | null;
          ai_processed_at?: string | null;
          audio_url?: string | null;
          category?: string;
          company_name?: string;
          created_at?: string;
          description?: string;
          downvotes?: number;
          first_feedback?: boolean;
          id?: string;
          is_spam?: boolean;
          points_awarded?: number;
          priority?: string | null;
          quality_score?: number;
          quality_source?: string;
          raw_description?: string;
          screenshot_url?: string | null;
          self_dealing?: boolean;
          sentiment?: string | null;
          status?: string;
          status_changed_at?: string | null;
          suggested_fix?: string | null;
          suggested_response?: string | null;
          tags?: string[];
          technical_context?: Json | null;
          title?: string;
          total_votes?: number;
          updated_at?: string;
          upvotes?: number;
          user_email?: string | null;
          user_id?: string;
          user_name?: string | null;
          view_count?: number;
          website_host?: string | null;
          website_url?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'feedback_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      feedback_activity: {
        Row: {
          actor_id: string | null;
          company_id: string;
          created_at: string;
          detail: string | null;
          feedback_id: string;
          id: number;
          kind: string;
        };
        ComputedFields: never;
        Insert: {
          actor_id?: string | null;
          company_id: string;
          created_at?: string;
          detail?: string | null;
          feedback_id: string;
          id?: never;
          kind: string;
        };
        Update: {
          actor_id?: string | null;
          company_id?: string;
          created_at?: string;
          detail?: string | null;
          feedback_id?: string;
          id?: never;
          kind?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'feedback_activity_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'feedback_activity_feedback_id_fkey';
            columns: ['feedback_id'];
            isOneToOne: false;
            referencedRelation: 'feedback';
            referencedColumns: ['id'];
          },
        ];
      };
      feedback_message_originals: {
        Row: {
          body: string;
          feedback_id: string;
          message_id: string;
        };
        ComputedFields: never;
        Insert: {
          body: string;
          feedback_id: string;
          message_id: string;
        };
        Update: {
          body?: string;
          feedback_id?: string;
          message_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'feedback_message_originals_feedback_id_fkey';
            columns: ['feedback_id'];
            isOneToOne: false;
            referencedRelation: 'feedback';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'feedback_message_originals_message_id_fkey';
            columns: ['message_id'];
            isOneToOne: true;
            referencedRelation: 'feedback_messages';
            referencedColumns: ['id'];
          },
        ];
      };
      feedback_messages: {
        Row: {
          answered_at: string | null;
          body: string;
          company_id: string;
          company_name: string;
          created_at: string;
          feedback_id: string;
          from_author: boolean;
          id: string;
          points_awarded: number;
          read_at: string | null;
        };
        ComputedFields: never;
        Insert: {
          answered_at?: string | null;
          body: string;
          company_id: string;
          company_name: string;
          created_at?: string;
          feedback_id: string;
          from_author: boolean;
          id?: string;
          points_awarded?: number;
          read_at?: string | null;
        };
        Update: {
          answered_at?: string | null;
          body?: string;
          company_id?: string;
          company_name?: string;
          created_at?: string;
          feedback_id?: string;
          from_author?: boolean;
          id?: string;
          points_awarded?: number;
          read_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'feedback_messages_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'feedback_messages_feedback_id_fkey';
            columns: ['feedback_id'];
            isOneToOne: false;
            referencedRelation: 'feedback';
            referencedColumns: ['id'];
          },
        ];
      };
      feedback_notes: {
        Row: {
          author_id: string | null;
          body: string;
          company_id: string;
          created_at: string;
          feedback_id: string;
          id: string;
        };
        ComputedFields: never;
        Insert: {
          author_id?: string | null;
          body: string;
          company_id: string;
          created_at?: string;
          feedback_id: string;
          id?: string;
        };
        Update: {
          author_id?: string | null;
          body?: string;
          company_id?: string;
          created_at?: string;
          feedback_id?: string;
          id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'feedback_notes_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'feedback_notes_feedback_id_fkey';
            columns: ['feedback_id'];
            isOneToOne: false;
            referencedRelation: 'feedback';
            referencedColumns: ['id'];
          },
        ];
      };
      feedback_report_counts: {
        Row: {
          feedback_id: string;
          others: number;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          feedback_id: string;
          others: number;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          feedback_id?: string;
          others?: number;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'feedback_report_counts_feedback_id_fkey';
            columns: ['feedback_id'];
            isOneToOne: true;
            referencedRelation: 'feedback';
            referencedColumns: ['id'];
          },
        ];
      };
      feedback_topic_items: {
        Row: {
          added_at: string;
          added_by: string | null;
          company_id: string;
          feedback_id: string;
          reported_at: string;
          score: number | null;
          state: string;
          topic_id: string;
        };
        ComputedFields: never;
        Insert: {
          added_at?: string;
          added_by?: string | null;
          company_id: string;
          feedback_id: string;
          reported_at?: string;
          score?: number | null;
          state?: string;
          topic_id: string;
        };
        Update: {
          added_at?: string;
          added_by?: string | null;
          company_id?: string;
          feedback_id?: string;
          reported_at?: string;
          score?: number | null;
          state?: string;
          topic_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'feedback_topic_items_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'feedback_topic_items_feedback_id_fkey';
            columns: ['feedback_id'];
            isOneToOne: false;
            referencedRelation: 'feedback';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'feedback_topic_items_topic_id_fkey';
            columns: ['topic_id'];
            isOneToOne: false;
            referencedRelation: 'feedback_topics';
            referencedColumns: ['id'];
          },
        ];
      };
      feedback_topics: {
        Row: {
          company_id: string;
          completed_at: string | null;
          contributor_count: number;
          created_at: string;
          created_by: string | null;
          feedback_count: number;
          id: string;
          last_added_at: string | null;
          public_note: string | null;
          public_title: string | null;
          published_at: string | null;
          status: string;
          status_changed_at: string | null;
          suggested_count: number;
          title: string;
          updated_at: string;
          votes: number;
        };
        ComputedFields: never;
        Insert: {
          company_id: string;
          completed_at?: string | null;
          contributor_count?: number;
          created_at?: string;
          created_by?: string | null;
          feedback_count?: number;
          id?: string;
          last_added_at?: string | null;
          public_note?: string | null;
          public_title?: string | null;
          published_at?: string | null;
          status?: string;
          status_changed_at?: string | null;
          suggested_count?: number;
          title: string;
          updated_at?: string;
          votes?: number;
        };
        Update: {
          company_id?: string;
          completed_at?: string | null;
          contributor_count?: number;
          created_at?: string;
          created_by?: string | null;
          feedback_count?: number;
          id?: string;
          last_added_at?: string | null;
          public_note?: string | null;
          public_title?: string | null;
          published_at?: string | null;
          status?: string;
          status_changed_at?: string | null;
          suggested_count?: number;
          title?: string;
          updated_at?: string;
          votes?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'feedback_topics_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      feedback_triage: {
        Row: {
          assignee_id: string | null;
          company_id: string;
          feedback_id: string;
          priority: string | null;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          assignee_id?: string | null;
          company_id: string;
          feedback_id: string;
          priority?: string | null;
          updated_at?: string;
        };
        Update: {
          assignee_id?: string | null;
          company_id?: string;
          feedback_id?: string;
          priority?: string | null;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'feedback_triage_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'feedback_triage_feedback_id_fkey';
            columns: ['feedback_id'];
            isOneToOne: false;
            referencedRelation: 'feedback';
            referencedColumns: ['id'];
          },
        ];
      };
      feedback_votes: {
        Row: {
          created_at: string;
          feedback_id: string;
          id: string;
          user_email: string | null;
          user_id: string;
          vote_type: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          feedback_id: string;
          id?: string;
          user_email?: string | null;
          user_id: string;
          vote_type: string;
        };
        Update: {
          created_at?: string;
          feedback_id?: string;
          id?: string;
          user_email?: string | null;
          user_id?: string;
          vote_type?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'feedback_votes_feedback_id_fkey';
            columns: ['feedback_id'];
            isOneToOne: false;
            referencedRelation: 'feedback';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'feedback_votes_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      issue_links: {
        Row: {
          closed_at: string | null;
          closed_completed: number | null;
          closed_kept_rejected: number | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          external_id: string;
          external_key: string;
          feedback_id: string | null;
          id: string;
          provider: string;
          state: string;
          topic_id: string | null;
          url: string;
        };
        ComputedFields: never;
        Insert: {
          closed_at?: string | null;
          closed_completed?: number | null;
          closed_kept_rejected?: number | null;
          company_id: string;
          created_at?: string;
          created_by?: string | null;
          external_id: string;
          external_key: string;
          feedback_id?: string | null;
          id?: string;
          provider: string;
          state?: string;
          topic_id?: string | null;
          url: string;
        };
        Update: {
          closed_at?: string | null;
          closed_completed?: number | null;
          closed_kept_rejected?: number | null;
          company_id?: string;
          created_at?: string;
          created_by?: string | null;
          external_id?: string;
          external_key?: string;
          feedback_id?: string | null;
          id?: string;
          provider?: string;
          state?: string;
          topic_id?: string | null;
          url?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'issue_links_company_id_fkey';
            columns: ['company_id'];
            isOneToOne: false;
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'issue_links_feedback_id_fkey';
            columns: ['feedback_id'];
            isOneToOne: false;
            referencedRelation: 'feedback';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'issue_links_topic_id_fkey';
            columns: ['topic_id'];
            isOneToOne: false;
            referencedRelation: 'feedback_topics';
            referencedColumns: ['id'];
          },
        ];
      };
      notifications: {
        Row: {
          company_name: string | null;
          created_at: string;
          feedback_id: string | null;
          feedback_title: string | null;
          id: string;
          kind: string;
          new_status: string | null;
          old_status: string | null;
          read_at: string | null;
          site: string | null;
          user_id: string;
          xp: number | null;
        };
        ComputedFields: never;
        Insert: {
          company_name?: string | null;
          created_at?: string;
          feedback_id?: string | null;
          feedback_title?: string | null;
          id?: string;
          kind?: string;
          new_status?: string | null;
          old_status?: string | null;
          read_at?: string | null;
          site?: string | null;
          user_id: string;
          xp?: number | null;
        };
        Update: {
          company_name?: string | null;
          created_at?: string;
          feedback_id?: string | null;
          feedback_title?: string | null;
          id?: string;
          kind?: string;
          new_status?: string | null;
          old_status?: string | null;
          read_at?: string | null;
          site?: string | null;
          user_id?: string;
          xp?: number | null;
        };
        Relationships: [
          {
            foreignKeyName: 'notifications_feedback_id_fkey';
            columns: ['feedback_id'];
            isOneToOne: false;
            referencedRelation: 'feedback';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'notifications_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      profiles: {
        Row: {
          age_range: string | null;
          city: string | null;
          created_at: string;
          devices: string[];
          email: string | null;
          email_on_company_message: boolean;
          email_on_owner_joined: boolean;
          email_on_topic_completed: boolean;
          full_name: string | null;
          gender: string | null;
          hobbies: string[];
          id: string;
          job_title: string | null;
          languages: string[];
          linkedin_verified_at: string | null;
          nickname: string;
          profile_completed_at: string | null;
          referral_code: string;
          seniority: string | null;
          tech_knowledge: number | null;
          topics: string[];
          updated_at: string;
          verified_linkedin: boolean;
        };
        ComputedFields: never;
        Insert: {
          age_range?: string | null;
          city?: string | null;
          created_at?: string;
          devices?: string[];
          email?: string | null;
          email_on_company_message?: boolean;
          email_on_owner_joined?: boolean;
          email_on_topic_completed?: boolean;
          full_name?: string | null;
          gender?: string | null;
          hobbies?: string[];
          id: string;
          job_title?: string | null;
          languages?: string[];
          linkedin_verified_at?: string | null;
          nickname: string;
          profile_completed_at?: string | null;
          referral_code: string;
          seniority?: string | null;
          tech_knowledge?: number | null;
          topics?: string[];
          updated_at?: string;
          verified_linkedin?: boolean;
        };
        Update: {
          age_range?: string | null;
          city?: string | null;
          created_at?: string;
          devices?: string[];
          email?: string | null;
          email_on_company_message?: boolean;
          email_on_owner_joined?: boolean;
          email_on_topic_completed?: boolean;
          full_name?: string | null;
          gender?: string | null;
          hobbies?: string[];
          id?: string;
          job_title?: string | null;
          languages?: string[];
          linkedin_verified_at?: string | null;
          nickname?: string;
          profile_completed_at?: string | null;
          referral_code?: string;
          seniority?: string | null;
          tech_knowledge?: number | null;
          topics?: string[];
          updated_at?: string;
          verified_linkedin?: boolean;
        };
        Relationships: [];
      };
      referrals: {
        Row: {
          completed_at: string | null;
          created_at: string;
          id: string;
          invitee_id: string;
          inviter_id: string;
          referral_code: string;
          status: string;
        };
        ComputedFields: never;
        Insert: {
          completed_at?: string | null;
          created_at?: string;
          id?: string;
          invitee_id: string;
          inviter_id: string;
          referral_code: string;
          status?: string;
        };
        Update: {
          completed_at?: string | null;
          created_at?: string;
          id?: string;
          invitee_id?: string;
          inviter_id?: string;
          referral_code?: string;
          status?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'referrals_invitee_id_fkey';
            columns: ['invitee_id'];
            isOneToOne: true;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'referrals_inviter_id_fkey';
            columns: ['inviter_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      reward_claims: {
        Row: {
          code: string;
          created_at: string;
          id: string;
          redeemed_at: string | null;
          reward_id: string;
          status: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          code: string;
          created_at?: string;
          id?: string;
          redeemed_at?: string | null;
          reward_id: string;
          status?: string;
          user_id: string;
        };
        Update: {
          code?: string;
          created_at?: string;
          id?: string;
          redeemed_at?: string | null;
          reward_id?: string;
          status?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'reward_claims_reward_id_fkey';
            columns: ['reward_id'];
            isOneToOne: false;
            referencedRelation: 'rewards';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'reward_claims_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      rewards: {
        Row: {
          access_level: number;
          category: string;
          created_at: string;
          description: string;
          id: string;
          image_url: string | null;
          is_active: boolean;
          popularity_score: number;
          title: string;
          type: string;
        };
        ComputedFields: never;
        Insert: {
          access_level?: number;
          category: string;
          created_at?: string;
          description: string;
          id?: string;
          image_url?: string | null;
          is_active?: boolean;
          popularity_score?: number;
          title: string;
          type: string;
        };
        Update: {
          access_level?: number;
          category?: string;
          created_at?: string;
          description?: string;
          id?: string;
          image_url?: string | null;
          is_active?: boolean;
          popularity_score?: number;
          title?: string;
          type?: string;
        };
        Relationships: [];
      };
      user_badges: {
        Row: {
          badge_emoji: string;
          badge_key: string;
          badge_name: string;
          celebrated_at: string | null;
          earned_at: string;
          id: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          badge_emoji: string;
          badge_key: string;
          badge_name: string;
          celebrated_at?: string | null;
          earned_at?: string;
          id?: string;
          user_id: string;
        };
        Update: {
          badge_emoji?: string;
          badge_key?: string;
          badge_name?: string;
          celebrated_at?: string | null;
          earned_at?: string;
          id?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'user_badges_badge_key_fkey';
            columns: ['badge_key'];
            isOneToOne: false;
            referencedRelation: 'badges';
            referencedColumns: ['key'];
          },
          {
            foreignKeyName: 'user_badges_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      user_points: {
        Row: {
          action_type: string;
          created_at: string;
          feedback_id: string | null;
          id: string;
          points: number;
          referral_id: string | null;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          action_type: string;
          created_at?: string;
          feedback_id?: string | null;
          id?: string;
          points: number;
          referral_id?: string | null;
          user_id: string;
        };
        Update: {
          action_type?: string;
          created_at?: string;
          feedback_id?: string | null;
          id?: string;
          points?: number;
          referral_id?: string | null;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'user_points_feedback_id_fkey';
            columns: ['feedback_id'];
            isOneToOne: false;
            referencedRelation: 'feedback';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'user_points_referral_id_fkey';
            columns: ['referral_id'];
            isOneToOne: false;
            referencedRelation: 'referrals';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'user_points_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      user_stats: {
        Row: {
          bug_count: number;
          current_level: number;
          current_streak: number;
          day_feedback_count: number;
          day_feedback_date: string | null;
          downvotes_received: number;
          feature_count: number;
          feedback_count: number;
          last_feedback_day: string | null;
          longest_streak: number;
          quality_score_sum: number;
          reputation: number;
          screenshot_count: number;
          total_points: number;
          updated_at: string;
          upvotes_received: number;
          user_id: string;
          votes_cast: number;
        };
        ComputedFields: never;
        Insert: {
          bug_count?: number;
          current_level?: number;
          current_streak?: number;
          day_feedback_count?: number;
          day_feedback_date?: string | null;
          downvotes_received?: number;
          feature_count?: number;
          feedback_count?: number;
          last_feedback_day?: string | null;
          longest_streak?: number;
          quality_score_sum?: number;
          reputation?: number;
          screenshot_count?: number;
          total_points?: number;
          updated_at?: string;
          upvotes_received?: number;
          user_id: string;
          votes_cast?: number;
        };
        Update: {
          bug_count?: number;
          current_level?: number;
          current_streak?: number;
          day_feedback_count?: number;
          day_feedback_date?: string | null;
          downvotes_received?: number;
          feature_count?: number;
          feedback_count?: number;
          last_feedback_day?: string | null;
          longest_streak?: number;
          quality_score_sum?: number;
          reputation?: number;
          screenshot_count?: number;
          total_points?: number;
          updated_at?: string;
          upvotes_received?: number;
          user_id?: string;
          votes_cast?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'user_stats_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: true;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
    };
    Views: {
      [_ in never]: never;
    };
    Functions: {
      accept_company_invitation: {
        Args: { p_token: string };
        Returns: {
          company_id: string;
          company_name: string;
          role: string;
        }[];
      };
      add_feedback_note: {
        Args: { p_body: string; p_feedback_id: string };
        Returns: {
          author_id: string | null;
          body: string;
          company_id: string;
          created_at: string;
          feedback_id: string;
          id: string;
        };
        SetofOptions: {
          from: '*';
          to: 'feedback_notes';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      add_topic_items: {
        Args: { p_feedback_ids: string[]; p_topic_id: string };
        Returns: number;
      };
      advance_trials: { Args: { p_now?: string }; Returns: Json };
      apply_feedback_analysis: {
        Args: { p_analysis: Json; p_feedback_id: string };
        Returns: boolean;
      };
      apply_stripe_event: { Args: { p_event: Json }; Returns: string };
      authorize_integration_admin: {
        Args: Record<PropertyKey, never>;
        Returns: Json;
      };
      award_points: {
        Args: {
          p_action_type: string;
          p_feedback_id?: string;
          p_points: number;
          p_user_id: string;
        };
        Returns: boolean;
      };
      can_view_feedback: {
        Args: { company_email?: string; feedback_uuid?: string };
        Returns: boolean;
      };
      change_company_member_role: {
        Args: { p_role: string; p_user_id: string };
        Returns: undefined;
      };
      check_company_domain: {
        Args: { p_domain: string };
        Returns: {
          claimed: boolean;
          domain: string;
        }[];
      };
      check_profile_completion: {
        Args: Record<PropertyKey, never>;
        Returns: {
          complete: boolean;
          general: boolean;
          interests: boolean;
          job: boolean;
          xp_awarded: boolean;
        }[];
      };
      claim_background_jobs: {
        Args: { p_lease_seconds?: number; p_limit?: number; p_queue: string };
        Returns: {
          attempts: number;
          feedback_id: string;
          id: number;
        }[];
      };
      claim_reward: {
        Args: { p_reward_id: string };
        Returns: {
          code: string;
          created_at: string;
          how_to_claim: string;
          id: string;
          reward_id: string;
          status: string;
        }[];
      };
      close_tracker_issue: {
        Args: { p_external_id: string; p_integration_id: string };
        Returns: Json;
      };
      compute_level: { Args: { p_points: number }; Returns: number };
      confirm_domain_verification: {
        Args: { p_company_id: string; p_domain: string; p_method: string };
        Returns: boolean;
      };
      create_company_webhook: {
        Args: { p_format?: string; p_url: string };
        Returns: {
          active: boolean;
          company_id: string;
          created_at: string;
          format: string;
          id: string;
          secret: string;
          url: string;
        };
        SetofOptions: {
          from: '*';
          to: 'company_webhooks';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      create_session_handover: {
        Args: Record<PropertyKey, never>;
        Returns: string;
      };
      create_topic: {
        Args: { p_feedback_ids: string[]; p_title: string };
        Returns: string;
      };
      disconnect_company_integration: {
        Args: { p_provider: string };
        Returns: boolean;
      };
      dismiss_topic_proposal: {
        Args: { p_proposal_id: string };
        Returns: undefined;
      };
      end_billing_grace: { Args: { p_now?: string }; Returns: number };
      feedback_ai_input: { Args: { p_feedback_id: string }; Returns: Json };
      finish_background_job: {
        Args: {
          p_backoff_ms?: number;
          p_error?: string;
          p_id: number;
          p_max_attempts?: number;
          p_queue: string;
        };
        Returns: string;
      };
      get_all_feedback_view_counts: {
        Args: Record<PropertyKey, never>;
        Returns: {
          feedback_id: string;
          view_count: number;
        }[];
      };
      get_article_like_count: {
        Args: { p_article_id: string };
        Returns: number;
      };
      get_billing_account: {
        Args: Record<PropertyKey, never>;
        Returns: {
          billing_status: string;
          company_id: string;
          company_name: string;
          email: string;
          plan: string;
          stripe_customer_id: string;
        }[];
      };
      get_community_stats: {
        Args: Record<PropertyKey, never>;
        Returns: {
          total_feedbacks: number;
          unique_companies: number;
        }[];
      };
      get_company_domain_summary: {
        Args: Record<PropertyKey, never>;
        Returns: {
          claimed: boolean;
          domain: string;
          feedback_count: number;
          verification_method: string;
          verified: boolean;
          verified_at: string;
        }[];
      };
      get_company_domains: {
        Args: Record<PropertyKey, never>;
        Returns: {
          domain: string;
          verification_method: string;
          verified: boolean;
          verified_at: string;
        }[];
      };
      get_company_feedback: {
        Args: {
          p_category?: string;
          p_domain?: string;
          p_from?: string;
          p_page?: number;
          p_page_size?: number;
          p_search?: string;
          p_status?: string;
          p_to?: string;
        };
        Returns: {
          category: string;
          created_at: string;
          domain_verified: boolean;
          downvotes: number;
          excerpt: string;
          has_audio: boolean;
          has_screenshot: boolean;
          id: string;
          is_own: boolean;
          my_vote: string;
          priority: string;
          quality_score: number;
          sentiment: string;
          status: string;
          tags: string[];
          title: string;
          total_count: number;
          total_votes: number;
          updated_at: string;
          upvotes: number;
          user_reputation: number;
          verified_linkedin: boolean;
          view_count: number;
          viewed: boolean;
          website_host: string;
          website_url: string;
        }[];
      };
      get_company_feedback_detail: {
        Args: { feedback_uuid: string };
        Returns: {
          actionable: boolean;
          audio_url: string;
          category: string;
          company_name: string;
          created_at: string;
          description: string;
          downvotes: number;
          id: string;
          is_own: boolean;
          my_vote: string;
          priority: string;
          quality_score: number;
          quality_source: string;
          screenshot_url: string;
          sentiment: string;
          status: string;
          suggested_fix: string;
          suggested_response: string;
          tags: string[];
          technical_context: Json;
          title: string;
          total_votes: number;
          updated_at: string;
          upvotes: number;
          user_reputation: number;
          verified_linkedin: boolean;
          view_count: number;
          website_host: string;
          website_url: string;
        }[];
      };
      get_company_feedback_hosts: {
        Args: Record<PropertyKey, never>;
        Returns: {
          host: string;
        }[];
      };
      get_company_inbox: {
        Args: {
          p_assignee?: string;
          p_category?: string;
          p_domain?: string;
          p_from?: string;
          p_page?: number;
          p_page_size?: number;
          p_search?: string;
          p_sort?: string;
          p_status?: string;
          p_to?: string;
          p_unanswered?: boolean;
        };
        Returns: {
          assignee_id: string;
          category: string;
          created_at: string;
          domain_verified: boolean;
          downvotes: number;
          excerpt: string;
          has_audio: boolean;
          has_screenshot: boolean;
          id: string;
          is_own: boolean;
          my_vote: string;
          priority: string;
          quality_score: number;
          sentiment: string;
          status: string;
          tags: string[];
          team_priority: string;
          title: string;
          total_count: number;
          total_votes: number;
          unanswered: boolean;
          updated_at: string;
          upvotes: number;
          user_reputation: number;
          verified_linkedin: boolean;
          view_count: number;
          viewed: boolean;
          website_host: string;
          website_url: string;
        }[];
      };
      get_company_insights: { Args: { p_weeks?: number }; Returns: Json };
      get_company_integrations: {
        Args: Record<PropertyKey, never>;
        Returns: {
          complete_on_close: boolean;
          config: Json;
          connected_at: string;
          id: string;
          provider: string;
          token_hint: string;
        }[];
      };
      get_company_invitation: {
        Args: { p_token: string };
        Returns: {
          company_name: string;
          email: string;
          expires_at: string;
          has_account: boolean;
          role: string;
          state: string;
        }[];
      };
      get_company_invitations: {
        Args: Record<PropertyKey, never>;
        Returns: {
          created_at: string;
          email: string;
          expires_at: string;
          id: string;
          role: string;
        }[];
      };
      get_company_members: {
        Args: Record<PropertyKey, never>;
        Returns: {
          email: string;
          is_you: boolean;
          joined_at: string;
          read_only: boolean;
          role: string;
          user_id: string;
        }[];
      };
      get_company_message_email: {
        Args: { p_job_id: number };
        Returns: {
          company_name: string;
          email: string;
          feedback_id: string;
          feedback_title: string;
          messages: string[];
        }[];
      };
      get_company_plan: {
        Args: Record<PropertyKey, never>;
        Returns: {
          billing_status: string;
          grace_ends_at: string;
          my_role: string;
          plan: string;
          read_only: boolean;
          trial_ends_at: string;
          trial_refusal: string;
          trial_status: string;
        }[];
      };
      get_company_seats: {
        Args: Record<PropertyKey, never>;
        Returns: {
          members: number;
          my_role: string;
          pending: number;
          plan: string;
          seat_limit: number;
        }[];
      };
      get_company_thread: {
        Args: { p_feedback_id: string };
        Returns: {
          answered_at: string | null;
          body: string;
          company_id: string;
          company_name: string;
          created_at: string;
          feedback_id: string;
          from_author: boolean;
          id: string;
          points_awarded: number;
          read_at: string | null;
        }[];
        SetofOptions: {
          from: '*';
          to: 'feedback_messages';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      get_company_topics: {
        Args: { p_page?: number; p_page_size?: number; p_sort?: string };
        Returns: {
          contributor_count: number;
          feedback_count: number;
          id: string;
          last_added_at: string;
          status: string;
          suggested_count: number;
          title: string;
          total_count: number;
          trend: number;
          updated_at: string;
          votes: number;
        }[];
      };
      get_company_view_allowance: {
        Args: Record<PropertyKey, never>;
        Returns: {
          demo_mode: boolean;
          filtering: boolean;
          plan: string;
          resets_at: string;
          view_limit: number;
          view_period: string;
          views_remaining: number;
          views_used: number;
        }[];
      };
      get_daily_feedback_views: {
        Args: { company_email?: string };
        Returns: number;
      };
      get_domain_claim: { Args: { p_domain: string }; Returns: Json };
      get_domain_verification_target: {
        Args: { p_domain: string };
        Returns: {
          company_id: string;
          domain: string;
          taken: boolean;
          token: string;
          verified: boolean;
        }[];
      };
      get_feedback_topic: { Args: { p_feedback_id: string }; Returns: Json };
      get_feedback_triage: { Args: { p_feedback_id: string }; Returns: Json };
      get_feedback_view_count: {
        Args: { feedback_uuid: string };
        Returns: number;
      };
      get_feedback_with_votes: {
        Args: Record<PropertyKey, never>;
        Returns: {
          category: string;
          created_at: string;
          domain_verified: boolean;
          downvotes: number;
          excerpt: string;
          has_audio: boolean;
          has_screenshot: boolean;
          id: string;
          is_own: boolean;
          my_vote: string;
          priority: string;
          quality_score: number;
          sentiment: string;
          status: string;
          tags: string[];
          title: string;
          total_count: number;
          total_votes: number;
          updated_at: string;
          upvotes: number;
          user_reputation: number;
          verified_linkedin: boolean;
          view_count: number;
          viewed: boolean;
          website_host: string;
          website_url: string;
        }[];
      };
      get_integration_credentials: {
        Args: { p_integration_id: string };
        Returns: {
          company_id: string;
          complete_on_close: boolean;
          config: Json;
          id: string;
          provider: string;
          token_ciphertext: string;
          webhook_secret_ciphertext: string;
        }[];
      };
      get_leaderboard: {
        Args: { page_num?: number; page_size?: number };
        Returns: {
          feedback_count: number;
          is_current_user: boolean;
          level: number;
          nickname: string;
          rank: number;
          total_count: number;
          xp: number;
        }[];
      };
      get_my_leaderboard_rank: {
        Args: Record<PropertyKey, never>;
        Returns: {
          feedback_count: number;
          level: number;
          nickname: string;
          rank: number;
          total_count: number;
          xp: number;
        }[];
      };
      get_my_referrals: {
        Args: Record<PropertyKey, never>;
        Returns: {
          completed_at: string;
          created_at: string;
          id: string;
          invitee_id: string;
          invitee_profile: Json;
          inviter_id: string;
          status: string;
        }[];
      };
      get_my_topic_counts: {
        Args: { p_feedback_ids: string[] };
        Returns: {
          feedback_id: string;
          others: number;
        }[];
      };
      get_my_upload_folder: {
        Args: Record<PropertyKey, never>;
        Returns: string;
      };
      get_my_waiting_sites: {
        Args: Record<PropertyKey, never>;
        Returns: {
          reports: number;
          website_host: string;
        }[];
      };
      get_owner_joined_email: {
        Args: { p_job_id: number };
        Returns: {
          domain: string;
          email: string;
        }[];
      };
      get_public_changes: {
        Args: { p_before?: string; p_limit?: number; p_slug: string };
        Returns: Json;
      };
      get_similar_feedback: {
        Args: { p_limit?: number; p_text?: string; p_website_url: string };
        Returns: {
          category: string;
          created_at: string;
          downvotes: number;
          excerpt: string;
          id: string;
          is_own: boolean;
          my_vote: string;
          similarity: number;
          status: string;
          title: string;
          total_votes: number;
          upvotes: number;
        }[];
      };
      get_topic: { Args: { p_topic_id: string }; Returns: Json };
      get_topic_completion_email: {
        Args: { p_job_id: number };
        Returns: {
          company_name: string;
          email: string;
          feedback_id: string;
          title: string;
          xp: number;
        }[];
      };
      get_topic_proposals: {
        Args: { p_limit?: number };
        Returns: {
          feedback_count: number;
          feedback_ids: string[];
          id: string;
          title: string;
          updated_at: string;
        }[];
      };
      get_trial_email: {
        Args: { p_job_id: number };
        Returns: {
          company_name: string;
          email: string;
          kind: string;
          trial_ends_at: string;
        }[];
      };
      get_user_feedback: {
        Args: { p_user_id?: string };
        Returns: {
          actionable: boolean;
          audio_url: string;
          category: string;
          company_name: string;
          created_at: string;
          description: string;
          downvotes: number;
          id: string;
          points_awarded: number;
          priority: string;
          quality_score: number;
          raw_description: string;
          screenshot_url: string;
          sentiment: string;
          status: string;
          suggested_fix: string;
          suggested_response: string;
          tags: string[];
          title: string;
          total_votes: number;
          updated_at: string;
          upvotes: number;
          user_name: string;
          user_reputation: number;
          verified_linkedin: boolean;
          view_count: number;
          website_host: string;
          website_url: string;
        }[];
      };
      get_user_feedback_view_counts: {
        Args: { p_user_id?: string };
        Returns: {
          feedback_id: string;
          view_count: number;
        }[];
      };
      get_viewed_feedback_export: {
        Args: Record<PropertyKey, never>;
        Returns: {
          category: string;
          created_at: string;
          description: string;
          downvotes: number;
          first_viewed_at: string;
          id: string;
          priority: string;
          quality_score: number;
          sentiment: string;
          status: string;
          title: string;
          upvotes: number;
          website_url: string;
        }[];
      };
      get_waiting_domains: {
        Args: { p_limit?: number };
        Returns: {
          host: string;
          last_month: string;
          reports: number;
        }[];
      };
      get_webhook_delivery: {
        Args: { p_delivery_id: number };
        Returns: {
          format: string;
          payload: Json;
          secret: string;
          url: string;
          verified: boolean;
        }[];
      };
      get_weekly_summary: {
        Args: Record<PropertyKey, never>;
        Returns: boolean;
      };
      get_weekly_summary_email: {
        Args: { p_job_id: number };
        Returns: {
          arrived: Json;
          company_name: string;
          email: string;
          rising: Json;
          waiting: Json;
          week: string;
        }[];
      };
      invite_company_member: {
        Args: { p_email: string; p_role?: string };
        Returns: {
          email: string;
          expires_at: string;
          id: string;
          role: string;
          token: string;
        }[];
      };
      mark_badges_celebrated: {
        Args: { p_badge_keys: string[] };
        Returns: number;
      };
      mark_linkedin_verified: { Args: { p_user_id: string }; Returns: boolean };
      mark_thread_read: {
        Args: { p_company_id?: string; p_feedback_id: string };
        Returns: number;
      };
      merge_topics: {
        Args: { p_other_id: string; p_topic_id: string };
        Returns: number;
      };
      post_author_reply: {
        Args: { p_body: string; p_company_id: string; p_feedback_id: string };
        Returns: {
          answered_at: string | null;
          body: string;
          company_id: string;
          company_name: string;
          created_at: string;
          feedback_id: string;
          from_author: boolean;
          id: string;
          points_awarded: number;
          read_at: string | null;
        };
        SetofOptions: {
          from: '*';
          to: 'feedback_messages';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      post_company_message: {
        Args: { p_body: string; p_feedback_id: string };
        Returns: {
          answered_at: string | null;
          body: string;
          company_id: string;
          company_name: string;
          created_at: string;
          feedback_id: string;
          from_author: boolean;
          id: string;
          points_awarded: number;
          read_at: string | null;
        };
        SetofOptions: {
          from: '*';
          to: 'feedback_messages';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      prepare_tracker_issue: {
        Args: { p_feedback_id: string; p_provider: string; p_topic_id: string };
        Returns: Json;
      };
      preview_weekly_summary: {
        Args: Record<PropertyKey, never>;
        Returns: {
          arrived: Json;
          company_name: string;
          rising: Json;
          waiting: Json;
          week: string;
        }[];
      };
      process_referral_signup: {
        Args: { p_invitee_id?: string; p_referral_code?: string };
        Returns: {
          points_awarded: number;
          referral_id: string;
          status: string;
        }[];
      };
      publish_topic: {
        Args: {
          p_public_note?: string;
          p_public_title: string;
          p_topic_id: string;
        };
        Returns: {
          id: string;
          public_note: string;
          public_title: string;
          published_at: string;
        }[];
      };
      queue_weekly_summaries: { Args: { p_now?: string }; Returns: number };
      rate_feedback: {
        Args: { feedback_uuid: string; rating: number };
        Returns: number;
      };
      record_feedback_view: {
        Args: { company_email?: string; feedback_uuid?: string };
        Returns: boolean;
      };
      record_issue_link: {
        Args: {
          p_actor_id: string;
          p_company_id: string;
          p_external_id: string;
          p_external_key: string;
          p_feedback_id: string;
          p_provider: string;
          p_topic_id: string;
          p_url: string;
        };
        Returns: {
          closed_at: string | null;
          closed_completed: number | null;
          closed_kept_rejected: number | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          external_id: string;
          external_key: string;
          feedback_id: string | null;
          id: string;
          provider: string;
          state: string;
          topic_id: string | null;
          url: string;
        };
        SetofOptions: {
          from: '*';
          to: 'issue_links';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      record_linkedin_verification: {
        Args: { p_nonce: string; p_subject: string; p_user_id: string };
        Returns: boolean;
      };
      record_topic_placement: {
        Args: {
          p_company_id: string;
          p_feedback_id: string;
          p_placement: Json;
        };
        Returns: string;
      };
      record_webhook_response: {
        Args: { p_delivery_id: number; p_status: number };
        Returns: undefined;
      };
      redeem_session_handover: {
        Args: { p_address: string; p_code: string };
        Returns: {
          email: string;
          user_id: string;
        }[];
      };
      register_company: {
        Args: {
          p_accept_terms?: boolean;
          p_company_name: string;
          p_domains?: string[];
          p_website_url?: string;
        };
        Returns: {
          company_name: string;
          created_at: string;
          domain: string;
          domains: string[];
          email: string;
          id: string;
          notifications_enabled: boolean;
          password_hash: string;
          public_page_slug: string | null;
          terms_accepted_at: string;
          updated_at: string;
          user_id: string;
          website_url: string | null;
        };
        SetofOptions: {
          from: '*';
          to: 'companies';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      remove_company_member: {
        Args: { p_user_id: string };
        Returns: undefined;
      };
      remove_topic_items: {
        Args: { p_feedback_ids: string[]; p_topic_id: string };
        Returns: number;
      };
      rename_topic: {
        Args: { p_title: string; p_topic_id: string };
        Returns: string;
      };
      request_domain_verification: {
        Args: { p_domain: string };
        Returns: {
          dns_record_name: string;
          dns_record_value: string;
          domain: string;
          file_content: string;
          file_path: string;
          verified: boolean;
        }[];
      };
      reset_daily_feedback_views: {
        Args: { company_email?: string };
        Returns: number;
      };
      revoke_company_invitation: {
        Args: { p_invitation_id: string };
        Returns: undefined;
      };
      save_blog_article: {
        Args: {
          p_category_ids?: string[];
          p_content: string;
          p_excerpt?: string;
          p_featured_image_url?: string;
          p_id: string;
          p_meta_description?: string;
          p_meta_title?: string;
          p_published?: boolean;
          p_slug: string;
          p_tag_ids?: string[];
          p_title: string;
        };
        Returns: {
          author_id: string | null;
          content: string;
          created_at: string;
          excerpt: string;
          featured_image_url: string;
          id: string;
          meta_description: string;
          meta_title: string;
          published: boolean;
          published_at: string | null;
          slug: string;
          title: string;
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'blog_articles';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      save_company_integration: {
        Args: {
          p_actor_id: string;
          p_company_id: string;
          p_config: Json;
          p_provider: string;
          p_secret_ciphertext: string;
          p_token_ciphertext: string;
          p_token_hint: string;
        };
        Returns: string;
      };
      save_integration_webhook_secret: {
        Args: {
          p_company_id: string;
          p_provider: string;
          p_secret_ciphertext: string;
        };
        Returns: boolean;
      };
      set_feedback_assignee: {
        Args: { p_assignee: string; p_feedback_id: string };
        Returns: string;
      };
      set_feedback_priority: {
        Args: { p_feedback_id: string; p_priority: string };
        Returns: string;
      };
      set_integration_complete_on_close: {
        Args: { p_enabled: boolean; p_provider: string };
        Returns: boolean;
      };
      set_member_seat: {
        Args: { p_keep: boolean; p_user_id: string };
        Returns: undefined;
      };
      set_public_page: { Args: { p_slug: string }; Returns: string };
      set_stripe_customer: {
        Args: { p_company_id: string; p_customer: string };
        Returns: string;
      };
      set_topic_status: {
        Args: { p_status: string; p_topic_id: string };
        Returns: number;
      };
      set_weekly_summary: { Args: { p_on: boolean }; Returns: boolean };
      split_topic: {
        Args: {
          p_feedback_ids: string[];
          p_new_title: string;
          p_topic_id: string;
        };
        Returns: string;
      };
      start_trial: { Args: Record<PropertyKey, never>; Returns: string };
      take_ai_preview: {
        Args: {
          p_address: string;
          p_per_account: number;
          p_per_address: number;
          p_user_id: string;
        };
        Returns: undefined;
      };
      take_company_digests: {
        Args: { p_now?: string };
        Returns: {
          company_id: string;
          company_name: string;
          email: string;
          feedback_count: number;
          items: Json;
        }[];
      };
      take_company_invitation_emails: {
        Args: { p_limit?: number };
        Returns: {
          company_name: string;
          email: string;
          expires_at: string;
          inviter_email: string;
          role: string;
          token: string;
        }[];
      };
      topic_candidates: {
        Args: { p_feedback_id: string; p_terms: string[] };
        Returns: Json;
      };
      unlike_article_anonymously: {
        Args: { p_article_id: string; p_visitor_token: string };
        Returns: boolean;
      };
      unpublish_topic: { Args: { p_topic_id: string }; Returns: boolean };
      update_feedback_status: {
        Args: { feedback_uuid: string; new_status: string };
        Returns: string;
      };
      update_feedback_statuses: {
        Args: { p_feedback_ids: string[]; p_new_status: string };
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

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>;

type DefaultSchema = DatabaseWithoutInternals[Extract<
  keyof Database,
  'public'
>];

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends {
      Row: infer R;
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] &
        DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] &
        DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R;
      }
      ? R
      : never
    : never;

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Insert: infer I;
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I;
      }
      ? I
      : never
    : never;

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Update: infer U;
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U;
      }
      ? U
      : never
    : never;

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    keyof DefaultSchema['Enums'] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums']
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums'][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums']
    ? DefaultSchema['Enums'][DefaultSchemaEnumNameOrOptions]
    : never;

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema['CompositeTypes']
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes']
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes'][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes']
    ? DefaultSchema['CompositeTypes'][PublicCompositeTypeNameOrOptions]
    : never;

export const Constants = {
  public: {
    Enums: {},
  },
} as const;
